import ArrowDropDownRounded from '@mui/icons-material/ArrowDropDownRounded';
import RadarRounded from '@mui/icons-material/RadarRounded';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../../lib/format';
import { RADAR_RADIUS_OPTIONS_M } from '../radius';

/** The radius chooser: a button naming the radius and a menu of exactly the options of SPEC §9. */
export function RadiusSelect({ value, onChange }: { value: number; onChange: (radius: number) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<RadarRounded aria-hidden />}
        endIcon={<ArrowDropDownRounded aria-hidden />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="radius-select"
        data-radius={value}
        sx={{ borderColor: 'divider' }}
      >
        {t('radar.radiusValue', { radius: formatDistance(value, language) })}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ paper: { sx: { maxHeight: 400 } }, list: { 'aria-label': t('radar.radius') } }}
      >
        {RADAR_RADIUS_OPTIONS_M.map((radius) => (
          <MenuItem
            key={radius}
            role="menuitemradio"
            aria-checked={radius === value}
            selected={radius === value}
            data-radius={radius}
            onClick={() => {
              close();
              if (radius !== value) onChange(radius);
            }}
          >
            {formatDistance(radius, language)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
