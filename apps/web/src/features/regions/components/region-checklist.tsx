import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import type { RegionResponse } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { sectionRegions, useRegionName } from '../region-names';

export interface RegionChecklistProps {
  regions: readonly RegionResponse[];
  selected: readonly number[];
  onChange: (regionIds: number[]) => void;
  /** id of the text that explains the choice, read with each group. */
  describedBy?: string;
}

/** One checkbox per region, in three groups: Global, groups of countries, countries (A–Z in the reader's language). */
export function RegionChecklist({ regions, selected, onChange, describedBy }: RegionChecklistProps) {
  const { t, i18n } = useTranslation();
  const nameOf = useRegionName();
  const sections = sectionRegions(regions, nameOf, i18n.resolvedLanguage ?? 'en');

  function toggle(regionId: number, checked: boolean) {
    onChange(checked ? [...selected, regionId] : selected.filter((id) => id !== regionId));
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {sections.map(({ section, regions: inSection }) => (
        <Box component="fieldset" key={section} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }} aria-describedby={describedBy}>
          <FormLabel
            component="legend"
            sx={{ typography: 'overline', lineHeight: 2, color: 'text.secondary', p: 0 }}
          >
            {t(`regionChooser.sections.${section}`)}
          </FormLabel>
          <FormGroup
            data-region-section={section}
            sx={{
              display: 'grid',
              gridTemplateColumns: section === 'countries' ? { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } : { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              columnGap: 2,
            }}
          >
            {inSection.map((region) => (
              <FormControlLabel
                key={region.id}
                sx={{ minWidth: 0, marginInlineEnd: 0 }}
                control={
                  <Checkbox
                    checked={selected.includes(region.id)}
                    onChange={(event) => toggle(region.id, event.target.checked)}
                    slotProps={{ input: { 'data-region-id': region.id } as Record<string, unknown> }}
                  />
                }
                label={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                    {nameOf(region)}
                    {region.grouped && (
                      <Chip size="small" variant="outlined" color="primary" label={t('regionChooser.grouped')} />
                    )}
                  </Box>
                }
              />
            ))}
          </FormGroup>
        </Box>
      ))}
    </Box>
  );
}
