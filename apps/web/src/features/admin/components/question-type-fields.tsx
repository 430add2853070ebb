import Stack from '@mui/material/Stack';
import { QuestionType, VISITOR_META_FIELDS, enumValues, type VisitorMetaField } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { EnumSelect } from './enum-select';

export interface QuestionTypeValue {
  type: QuestionType;
  /** The visitor field a visitor-meta question fills; '' until one is chosen. */
  field: VisitorMetaField | '';
}

/** A question's type and, for a visitor-meta question, the visitor field its answer fills (SPEC §3). */
export interface QuestionTypeFieldsProps {
  value: QuestionTypeValue;
  onChange: (value: QuestionTypeValue) => void;
  idPrefix: string;
  disabled?: boolean;
}

export function QuestionTypeFields({ value, onChange, idPrefix, disabled }: QuestionTypeFieldsProps) {
  const { t } = useTranslation();
  const meta = value.type === QuestionType.VISITOR_META;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <EnumSelect
        id={`${idPrefix}-type`}
        size="small"
        disabled={disabled}
        label={t('adminPolls.questions.type')}
        value={value.type}
        options={enumValues(QuestionType)}
        labelOf={(type) => t(`adminPolls.questionType.${type}`)}
        onChange={(type) => type !== '' && onChange({ type, field: type === QuestionType.VISITOR_META ? value.field : '' })}
        sx={{ minWidth: 180 }}
      />
      {meta && (
        <EnumSelect
          id={`${idPrefix}-field`}
          size="small"
          required
          disabled={disabled}
          label={t('adminPolls.questions.field')}
          value={value.field}
          options={VISITOR_META_FIELDS}
          labelOf={(field) => t(`adminPolls.metaField.${field}`)}
          onChange={(field) => onChange({ ...value, field })}
          error={value.field === ''}
          helperText={value.field === '' ? t('adminPolls.questions.fieldNeeded') : undefined}
          sx={{ minWidth: 200 }}
        />
      )}
    </Stack>
  );
}
