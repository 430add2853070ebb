import { PASSWORD_MIN_LENGTH } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { FieldProblem } from '../lib/validation';

/**
 * A form's field problems, shown once the reader has tried to send it: `check` takes each field's
 * problem and answers whether the form may be sent; `bind` gives a field's props.
 */
export function useFieldProblems<F extends string>() {
  const { t, i18n } = useTranslation();
  const [problems, setProblems] = useState<Partial<Record<F, FieldProblem>>>({});
  const min = formatNumber(PASSWORD_MIN_LENGTH, i18n.resolvedLanguage ?? 'en');
  return {
    check(found: Partial<Record<F, FieldProblem | undefined>>): boolean {
      const present = Object.fromEntries(Object.entries(found).filter(([, problem]) => problem !== undefined)) as Partial<Record<F, FieldProblem>>;
      setProblems(present);
      return Object.keys(present).length === 0;
    },
    /**
     * A field's props: its value, an onChange that sets it and clears its problem, and its error
     * state and message (else `help`, the hint it shows while nothing is wrong).
     */
    bind(field: F, value: string, setValue: (value: string) => void, help?: string) {
      const problem = problems[field];
      return {
        value,
        onChange: (event: { target: { value: string } }) => {
          setValue(event.target.value);
          setProblems((current) => (current[field] ? { ...current, [field]: undefined } : current));
        },
        error: problem !== undefined,
        helperText: problem ? t(`accountPages.validation.${problem}`, { min }) : help,
      };
    },
  };
}
