import { useState } from 'react';

/**
 * `value`, or the last non-null value while it is null. Dialogs use it so their content stays in
 * place while they animate closed instead of going blank.
 */
export function useLastPresent<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
