import { describe, it, expect } from 'vitest';
import {
  AccountRole,
  accountRoleLabels,
  AccountStatus,
  accountStatusLabels,
  AdminRole,
  adminRoleLabels,
  ArticleStatus,
  articleStatusLabels,
  enumValues,
  MediaSource,
  mediaSourceLabels,
  MediaType,
  mediaTypeLabels,
  NotificationDeliveryStatus,
  notificationDeliveryStatusLabels,
  PollStatus,
  pollStatusLabels,
  PollType,
  pollTypeLabels,
  PollVisibility,
  pollVisibilityLabels,
  QuestionType,
  questionTypeLabels,
  ReviewStatus,
  reviewStatusLabels,
  SubscriptionStatus,
  subscriptionStatusLabels,
  Territory,
  territoryLabels,
  VISITOR_META_FIELDS,
} from './enums';

/**
 * SPEC §3 "Enumerations", one row per enumeration: each member's NAME, its numeric value and its
 * label (SPEC's wording for the value, in sentence case).
 */
interface EnumCase {
  name: string;
  enumeration: Record<string, number>;
  labels: Record<number, string>;
  expected: [name: string, value: number, label: string][];
}

const cases: EnumCase[] = [
  {
    name: 'Territory',
    enumeration: Territory,
    labels: territoryLabels,
    // SPEC labels only the four real territories; NONE shows as nothing.
    expected: [
      ['NONE', 0, ''],
      ['LOCAL', 1, 'Local'],
      ['STATE', 2, 'State'],
      ['NATIONAL', 3, 'National'],
      ['GLOBAL', 4, 'Global'],
    ],
  },
  {
    name: 'MediaSource',
    enumeration: MediaSource,
    labels: mediaSourceLabels,
    expected: [
      ['MEDIA_STORE', 1, 'Media store'],
      ['DIRECT', 2, 'Direct'],
      ['VIDEO_PLAYER_PROVIDER', 3, 'Video-player provider'],
    ],
  },
  {
    name: 'MediaType',
    enumeration: MediaType,
    labels: mediaTypeLabels,
    expected: [
      ['VIDEO', 1, 'Video'],
      ['AUDIO', 2, 'Audio'],
      ['IMAGE', 3, 'Image'],
      ['TRANSCRIPT', 4, 'Transcript'],
      ['DUBBED_VIDEO', 5, 'Dubbed video'],
    ],
  },
  {
    name: 'AccountStatus',
    enumeration: AccountStatus,
    labels: accountStatusLabels,
    expected: [
      ['INACTIVE', 0, 'Inactive'],
      ['ACTIVE', 1, 'Active'],
      ['SUSPENDED', 2, 'Suspended'],
    ],
  },
  {
    name: 'AccountRole',
    enumeration: AccountRole,
    labels: accountRoleLabels,
    expected: [
      ['ADMIN', 0, 'Admin'],
      ['MEMBER', 1, 'Member'],
    ],
  },
  {
    name: 'AdminRole',
    enumeration: AdminRole,
    labels: adminRoleLabels,
    expected: [
      ['SUPERUSER', 0, 'Superuser'],
      ['MODERATOR', 1, 'Moderator'],
    ],
  },
  {
    name: 'ArticleStatus',
    enumeration: ArticleStatus,
    labels: articleStatusLabels,
    expected: [
      ['PENDING', 0, 'Pending'],
      ['ACTIVE', 1, 'Active'],
      ['PREPARING', 2, 'Preparing'],
      ['SCHEDULED', 3, 'Scheduled'],
      ['AI_POPULATE', 4, 'AI populate'],
      ['REVIEW', 5, 'Review'],
    ],
  },
  {
    name: 'ReviewStatus',
    enumeration: ReviewStatus,
    labels: reviewStatusLabels,
    expected: [
      ['NONE', 0, 'None'],
      ['AWAITING_REVIEW', 1, 'Awaiting review'],
      ['APPROVED', 2, 'Approved'],
      ['NEEDS_WORK', 3, 'Needs work'],
    ],
  },
  {
    name: 'NotificationDeliveryStatus',
    enumeration: NotificationDeliveryStatus,
    labels: notificationDeliveryStatusLabels,
    expected: [
      ['QUEUED', 0, 'Queued'],
      ['PENDING_REVIEW', 1, 'Pending review'],
      ['DELIVERED', 2, 'Delivered'],
      ['ERROR', 3, 'Error'],
    ],
  },
  {
    name: 'SubscriptionStatus',
    enumeration: SubscriptionStatus,
    labels: subscriptionStatusLabels,
    expected: [
      ['ACTIVE', 0, 'Active'],
      ['EXPIRED', 1, 'Expired'],
      ['DISABLED', 2, 'Disabled'],
      ['CANCELLED', 3, 'Cancelled'],
      ['BILLING_ERROR', 4, 'Billing error'],
    ],
  },
  {
    name: 'PollStatus',
    enumeration: PollStatus,
    labels: pollStatusLabels,
    expected: [
      ['PENDING', 0, 'Pending'],
      ['READY', 1, 'Ready'],
      ['LIVE', 2, 'Live'],
      ['ENDED', 3, 'Ended'],
    ],
  },
  {
    name: 'PollType',
    enumeration: PollType,
    labels: pollTypeLabels,
    expected: [
      ['RAPID', 0, 'Rapid'],
      ['SURVEY', 1, 'Survey'],
    ],
  },
  {
    name: 'PollVisibility',
    enumeration: PollVisibility,
    labels: pollVisibilityLabels,
    expected: [
      ['PUBLIC', 0, 'Public'],
      ['PRIVATE', 1, 'Private'],
    ],
  },
  {
    name: 'QuestionType',
    enumeration: QuestionType,
    labels: questionTypeLabels,
    expected: [
      ['STANDARD', 0, 'Standard'],
      ['SCALE', 1, 'Scale'],
      ['VISITOR_META', 2, 'Visitor meta'],
    ],
  },
];

describe('enumerations (SPEC §3)', () => {
  it('covers the fourteen numeric enumerations of SPEC', () => {
    expect(cases).toHaveLength(14);
  });

  describe.each(cases)('$name', ({ enumeration, labels, expected }) => {
    it('has exactly the SPEC members and numeric values, in order', () => {
      expect(Object.entries(enumeration)).toEqual(expected.map(([name, value]) => [name, value]));
    });

    it('has one label for each value and no other', () => {
      expect(Object.keys(labels).map(Number).sort((a, b) => a - b)).toEqual(
        expected.map(([, value]) => value),
      );
    });

    it.each(expected)('%s (%i) is labelled "%s"', (_name, value, label) => {
      expect(labels[value]).toBe(label);
    });

    it('has distinct values', () => {
      const values = Object.values(enumeration);
      expect(new Set(values).size).toBe(values.length);
    });
  });

  it('labels every real territory as SPEC does and leaves NONE blank', () => {
    expect(
      [Territory.LOCAL, Territory.STATE, Territory.NATIONAL, Territory.GLOBAL].map(
        (value) => territoryLabels[value],
      ),
    ).toEqual(['Local', 'State', 'National', 'Global']);
    expect(territoryLabels[Territory.NONE]).toBe('');
  });
});

describe('visitor meta fields (SPEC §3)', () => {
  it('are email, yob, sex, postCode, phone, incomeBracket, ageBracket in that order', () => {
    expect(VISITOR_META_FIELDS).toEqual([
      'email',
      'yob',
      'sex',
      'postCode',
      'phone',
      'incomeBracket',
      'ageBracket',
    ]);
  });
});

describe('enumValues', () => {
  it('returns the numeric values in declaration order', () => {
    expect(enumValues(Territory)).toEqual([0, 1, 2, 3, 4]);
    expect(enumValues(MediaType)).toEqual([1, 2, 3, 4, 5]);
    expect(enumValues(ArticleStatus)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
