import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

export interface SearchFieldProps {
  label: string;
  /** The text the list is filtered by now. */
  value: string;
  /** Called once typing pauses, with the trimmed text. */
  onSearch: (text: string) => void;
  maxLength?: number;
}

/** A list's search box: the list follows once typing pauses, not on every key. */
export function SearchField({ label, value, onSearch, maxLength = 254 }: SearchFieldProps) {
  const [text, setText] = useState(value);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value) return;
    const timer = setTimeout(() => onSearch(trimmed), 300);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps -- only typing starts the pause
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{ htmlInput: { maxLength, dir: 'auto' } }}
      sx={{ flex: { xs: '1 1 100%', md: '1 1 240px' }, maxWidth: { md: 360 } }}
    />
  );
}
