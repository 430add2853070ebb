import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export interface EnumSelectProps<V extends string | number> extends Omit<TextFieldProps, 'value' | 'onChange' | 'select' | 'children'> {
  value: V | '';
  options: readonly V[];
  labelOf: (value: V) => string;
  onChange: (value: V | '') => void;
  /** The option for "none chosen" ('' as its value), first; left out when not given. */
  emptyLabel?: string;
}

/** A select of a few fixed values (a status, a type, a region), each named by `labelOf`. */
export function EnumSelect<V extends string | number>({ value, options, labelOf, onChange, emptyLabel, ...field }: EnumSelectProps<V>) {
  return (
    <TextField
      {...field}
      select
      value={value === '' ? '' : String(value)}
      onChange={(event) => {
        const text = event.target.value;
        if (text === '') onChange('');
        else onChange(options.find((option) => String(option) === text) ?? '');
      }}
    >
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={String(option)} value={String(option)}>
          {labelOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
