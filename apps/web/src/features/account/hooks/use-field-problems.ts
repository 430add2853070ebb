import { PASSWORD_MIN_LENGTH } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { FieldProblem } from '../lib/validation';

/**
 * A form's field problems, shown once the reader has tried to send it: `check` takes each field's
 * problem and answers whether the form may be sent; `helperOf` gives a field's message.
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
    /** Clears a field's problem as the reader edits it. */
    clear(field: F) {
      setProblems((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },
    invalid: (field: F) => problems[field] !== undefined,
    helperOf(field: F): string | undefined {
      const problem = problems[field];
      return problem ? t(`accountPages.validation.${problem}`, { min }) : undefined;
    },
  };
}
