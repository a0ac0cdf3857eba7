import type { AnalyticsRecord, RecordName } from '@loci/engine';
import { RECORD_NAMES } from '@loci/engine';
import type { AnalyticsPlayer } from '../../api/analytics';
import type { AnalyticsDesign, DesignInteraction } from './stats';

// Test data of the analytics page: players with records, and a small design.

let sequence = 0;

/** A record of the given name; `when` defaults to a fixed morning in 2024. */
export function makeRecord(
  name: RecordName,
  fields: Partial<AnalyticsRecord> = {},
): AnalyticsRecord & Record<string, unknown> {
  return { name, playerId: 'p', when: '2024-05-02T09:30:00.000Z', ...fields };
}

/** A player of instance i1 with records (every record name present, as the server answers). */
export function makePlayer(name: string, records: AnalyticsRecord[] = [], overrides: Partial<AnalyticsPlayer> = {}) {
  sequence += 1;
  const playerId = overrides.playerId ?? `p${sequence}`;
  const events = Object.fromEntries(
    Object.values(RECORD_NAMES).map((recordName) => [recordName, [] as AnalyticsRecord[]]),
  ) as Record<RecordName, AnalyticsRecord[]>;
  for (const record of records) events[record.name].push({ ...record, playerId });
  return {
    userId: `u-${playerId}`,
    avatar: { name },
    playerId,
    instanceId: 'i1',
    status: 'playing',
    instanceStatus: 'active',
    ...overrides,
    events,
  } satisfies AnalyticsPlayer;
}

/** A multiple-choice question interaction 'q1' (correct: Athens) and a quiz 'quiz1' of two questions. */
export const questionInteraction: DesignInteraction = {
  id: 'q1',
  name: 'capital',
  title: 'The capital',
  type: 'INTER_ANSWER_QUESTION',
  questions: [
    {
      id: 'q1-1',
      title: 'Which city is the capital?',
      qType: 'MC',
      options: [
        { id: 'o-athens', description: '<p>Athens</p>' },
        { id: 'o-sparta', description: '<p>Sparta</p>' },
      ],
    },
  ],
};

export const quizInteraction: DesignInteraction = {
  id: 'quiz1',
  name: 'harbour-quiz',
  title: 'Harbour quiz',
  type: 'INTER_QUIZ',
  questions: [
    { id: 'qq1', title: 'How many ships?', qType: 'openEnded' },
    {
      id: 'qq2',
      title: '',
      description: '<p>Which flag?</p>',
      qType: 'MC',
      options: [{ id: 'f1', description: 'Red' }],
    },
  ],
};

/** A conversation: s1 (by the captain, reply by option) → s2 (by an unknown speaker, repliedWith) → s3 (game master). */
export const conversationInteraction: DesignInteraction = {
  id: 'c1',
  name: 'talk',
  title: 'Talk to the captain',
  type: 'INTER_CONVERSATION',
  conversation: {
    statements: [
      {
        id: 's1',
        body: '<p>Ahoy, sailor!</p>',
        spokenBy: 'captain',
        repliedWith: '',
        options: [
          {
            id: 'opt-hello',
            actionLabel: 'Hello captain',
            actions: [{ actionName: 'sayStatement', actionArgs: { what: 's2' } }],
          },
          {
            id: 'opt-bye',
            actionLabel: 'Bye',
            actions: [{ actionName: 'exitConversation', actionArgs: {} }],
          },
        ],
      },
      {
        id: 's2',
        body: '<p>Ready to sail?</p>',
        spokenBy: 'ghost',
        repliedWith: 'Aye',
        options: [
          { id: 'opt-aye', actionLabel: 'Yes', actions: [{ actionName: 'sayStatement', actionArgs: { what: 's3' } }] },
        ],
      },
      { id: 's3', body: '<p>Off we go.</p>', spokenBy: null, repliedWith: '', options: [] },
    ],
  },
};

/** The design of the tests: the interactions above, an info, a mission with a sub-mission, offers, scenes, a captain. */
export function makeDesign(overrides: Partial<AnalyticsDesign> = {}): AnalyticsDesign {
  return {
    interactions: [
      questionInteraction,
      quizInteraction,
      conversationInteraction,
      { id: 'info1', name: 'welcome', title: 'Welcome', type: 'INTER_INSPECT_INFO' },
    ],
    missions: [
      {
        id: 'm1',
        name: 'photo',
        title: 'Take a photo',
        accomplishment: { submissions: [{ id: 'sub1', title: 'Of the lighthouse' }] },
      },
    ],
    offers: [{ id: 'coffee', name: 'coffee', title: 'Free coffee' }],
    scenes: [
      { id: 'harbour', name: 'harbour', title: 'Harbour' },
      { id: 'market', name: 'market', title: 'Market' },
    ],
    characters: [{ id: 'captain', name: 'captain', title: 'Captain Nemo' }],
    ...overrides,
  };
}
