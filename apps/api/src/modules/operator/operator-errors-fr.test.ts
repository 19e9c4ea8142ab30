import { OPERATOR_MESSAGES, PAYOUT_MESSAGES } from '@marketplace/shared';
import { describe, expect, it } from 'vitest';
import { inCallerLanguage } from '../../plugins/app/error-language';

// The console shows the API's refusals as they come: a French page reads them in French.

describe('operator and payout refusals in the caller’s language', () => {
  it('are French for a French caller and the spec’s English otherwise', () => {
    expect(inCallerLanguage({ message: OPERATOR_MESSAGES.alreadySuspended }, 'fr-CA').message).toBe(
      'Cette boutique est déjà suspendue.',
    );
    expect(inCallerLanguage({ message: PAYOUT_MESSAGES.notEnded }, 'fr').message).toBe(
      'Cette période n’est pas encore terminée\u00a0: elle pourra être payée à partir de sa date de versement.',
    );
    expect(
      inCallerLanguage(
        {
          message: OPERATOR_MESSAGES.reasonRequired,
          fieldErrors: { reason: OPERATOR_MESSAGES.reasonRequired },
        },
        'fr-CA',
      ),
    ).toEqual({
      message: 'Indiquez une raison.',
      fieldErrors: { reason: 'Indiquez une raison.' },
    });
    expect(inCallerLanguage({ message: OPERATOR_MESSAGES.order }, 'en-CA').message).toBe(
      'The period must end after it starts.',
    );
  });
});
