import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export interface EnumSelectProps<V extends string | number> extends Omit<TextFieldProps, 'value' | 'onChange' | 'select' | 'children'> {
  value: V | '';
  options: readonly V[];
  labelOf: (value: V) => string;
  onChange: (value: V | '') => void;
  /** The option for "none chosen" ('' as its value), first; left out when not given. */
  emptyLabel?: string;
  /** Options shown but not choosable (a status the poll cannot move to yet). */
  isDisabled?: (value: V) => boolean;
}

/** A select of a few fixed values (a status, a type, a region), each named by `labelOf`. */
export function EnumSelect<V extends string | number>({ value, options, labelOf, onChange, emptyLabel, isDisabled, ...field }: EnumSelectProps<V>) {
  return (
    <TextField
      {...field}
      select
      // "None chosen" is an option with a name ("Any", "All regions"), shown as the value.
      slotProps={emptyLabel === undefined ? field.slotProps : { ...field.slotProps, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      value={value === '' ? '' : String(value)}
      onChange={(event) => {
        const text = event.target.value;
        if (text === '') onChange('');
        else onChange(options.find((option) => String(option) === text) ?? '');
      }}
    >
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={String(option)} value={String(option)} disabled={isDisabled?.(option)}>
          {labelOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
