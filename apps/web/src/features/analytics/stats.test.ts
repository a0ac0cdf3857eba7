import { RECORD_NAMES } from '@loci/engine';
import dayjs from 'dayjs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  GAME_MASTER,
  chatReplay,
  conversationStats,
  conversationsCsv,
  csvTime,
  formatAnswer,
  formatWhen,
  infoStats,
  infosCsv,
  newestVersion,
  missionStats,
  missionsCsv,
  offerStats,
  questionStats,
  questionsCsv,
  quizCsv,
  quizStats,
  sceneStats,
  scenesCsv,
  toCsv,
  totalPlayers,
} from './stats';
import { conversationInteraction, makeDesign, makePlayer, makeRecord, questionInteraction } from './test-factories';

const design = makeDesign();
const at = (time: string) => `2024-05-02T${time}:00.000Z`;
const answered = (answer: unknown, correct: boolean, when = at('09:30')) =>
  makeRecord(RECORD_NAMES.answeredQuestion, { interactionId: 'q1', questionId: 'q1-1', answer, correct, when });
const passed = () => makeRecord(RECORD_NAMES.passedQuestion, { interactionId: 'q1', questionId: 'q1-1' });

describe('#analytics.stats', () => {
  describe('formatWhen', () => {
    it("writes times as 'DD MMM YYYY, HH:mm' and leaves blanks blank", () => {
      expect(formatWhen('2024-05-02T09:30:00.000Z')).toBe(
        dayjs('2024-05-02T09:30:00.000Z').format('DD MMM YYYY, HH:mm'),
      );
      expect(formatWhen('2024-05-02T09:30:00.000Z')).toMatch(/^\d{2} May 2024, \d{2}:\d{2}$/);
      expect(formatWhen(null)).toBe('');
    });
  });

  describe('formatAnswer', () => {
    const question = questionInteraction.questions![0];
    it('shows multiple-choice answers as option texts, by index, id or a list of them', () => {
      expect(formatAnswer(question, 0)).toBe('Athens');
      expect(formatAnswer(question, 'o-sparta')).toBe('Sparta');
      expect(formatAnswer(question, '1')).toBe('Sparta');
      expect(formatAnswer(question, [1, 0])).toBe('Sparta, Athens');
      expect(formatAnswer(question, 7)).toBe('7');
    });
    it('shows open answers as written and yes/no as yes or no', () => {
      expect(formatAnswer({ id: 'x', qType: 'openEnded' }, ' 42 ')).toBe(' 42 ');
      expect(formatAnswer(undefined, true)).toBe('yes');
      expect(formatAnswer(undefined, [true, false], { yes: 'Ναι', no: 'Όχι' })).toBe('Ναι, Όχι');
      expect(formatAnswer(undefined, undefined)).toBe('');
    });
  });

  describe('questionStats', () => {
    it('counts answers, players who answered and passed, and the percentage of correct answers', () => {
      const players = [
        makePlayer('Ann', [answered(1, false, at('09:00')), answered(0, true, at('09:05')), passed()]),
        makePlayer('Bob', [answered(1, false)]),
        makePlayer('Cat', [answered('o-athens', true), passed()]),
        makePlayer('Dan'),
      ];
      const [stat] = questionStats(players, design);
      expect(stat).toMatchObject({
        interactionId: 'q1',
        title: 'The capital',
        answers: 4,
        players: 3,
        passed: 2,
        percentCorrect: 50,
      });
      expect(stat!.rows[0]).toEqual({
        player: 'Ann',
        answer: 'Sparta',
        correct: false,
        language: 'en',
        when: at('09:00'),
      });
      expect(stat!.rows.map((row) => row.answer)).toEqual(['Sparta', 'Athens', 'Sparta', 'Athens']);
    });

    it('says in which language each answer was given, and breaks the answers down by language', () => {
      const players = [
        makePlayer('Greta', [{ ...answered(0, true), language: 'de' }]),
        makePlayer('Hans', [
          { ...answered(1, false), language: 'de' },
          { ...answered(0, true), language: 'de' },
        ]),
        makePlayer('Ann', [{ ...answered(0, true), language: 'en' }]),
        // Answered before the game had other languages: its main language's.
        makePlayer('Bob', [answered(1, false)]),
      ];
      const [stat] = questionStats(players, { ...design, mainLanguage: 'el' });
      expect(stat!.rows.map((row) => [row.player, row.language])).toEqual([
        ['Greta', 'de'],
        ['Hans', 'de'],
        ['Hans', 'de'],
        ['Ann', 'en'],
        ['Bob', 'el'],
      ]);
      expect(stat!.byLanguage).toEqual([
        { language: 'de', answers: 3, percentCorrect: 67 },
        { language: 'el', answers: 1, percentCorrect: 0 },
        { language: 'en', answers: 1, percentCorrect: 100 },
      ]);
      const csv = toCsv(questionsCsv([stat!]))
        .slice(1)
        .split('\r\n');
      expect(csv[0]).toBe('Question,Player,Answer,Correct,Language,Date (UTC)');
      expect(csv[1]).toBe('The capital,Greta,Athens,yes,de,"02 May 2024, 09:30"');
    });

    it('names the team and the member who answered, in a game played in teams', () => {
      const owls = makePlayer('Owls', [
        { ...answered(0, true), member: { id: 'm1', name: 'Maria' } },
        { ...answered(1, false), member: { id: 'm2', name: 'Nikos' } },
      ]);
      const [stat] = questionStats([owls], design);
      expect(stat!.rows.map((row) => [row.player, row.answer])).toEqual([
        ['Owls · Maria', 'Athens'],
        ['Owls · Nikos', 'Sparta'],
      ]);
      // Counted per team: one player (the team's row) answered and passed.
      expect(stat).toMatchObject({ answers: 2, players: 1, passed: 1 });
    });

    it('rounds the percentage and names a question missing from the design by its id', () => {
      const players = [
        makePlayer('Ann', [answered(0, true)]),
        makePlayer('Bob', [answered(1, false)]),
        makePlayer('Cat', [answered(1, false)]),
        makePlayer('Eve', [makeRecord(RECORD_NAMES.answeredQuestion, { interactionId: 'gone', answer: 'x' })]),
      ];
      const stats = questionStats(players, design);
      expect(stats.map((stat) => [stat.title, stat.percentCorrect])).toEqual([
        ['The capital', 33],
        ['gone', 0],
      ]);
    });

    it('counts a player of two instances twice, and nothing when no one answered', () => {
      const ann = makePlayer('Ann', [answered(0, true)], { playerId: 'ann', instanceId: 'i1' });
      const again = makePlayer('Ann', [answered(0, true)], { playerId: 'ann', instanceId: 'i2' });
      expect(questionStats([ann, again], design)[0]!.players).toBe(2);
      expect(totalPlayers([ann, again])).toBe(2);
      expect(questionStats([makePlayer('Dan')], design)).toEqual([]);
    });
  });

  describe('quizStats', () => {
    const quizRecord = (fields: Record<string, unknown>) =>
      makeRecord(RECORD_NAMES.quiz, { interactionId: 'quiz1', ...fields });
    it('counts players, completions and passes, and each question in the design order', () => {
      const players = [
        makePlayer('Ann', [
          quizRecord({ questionId: 'qq2', answer: 0, correct: true, status: 'answered' }),
          quizRecord({ questionId: 'qq1', answer: '3', correct: true, status: 'answered' }),
          quizRecord({ status: 'completed', passed: true }),
        ]),
        makePlayer('Bob', [
          quizRecord({ questionId: 'qq1', answer: '4', correct: false, status: 'answered' }),
          quizRecord({ questionId: 'qq2', answer: 0, correct: true, status: 'answered' }),
          quizRecord({ status: 'completed', passed: false }),
        ]),
        makePlayer('Cat', [quizRecord({ questionId: 'qq1', answer: '3', correct: true, status: 'answered' })]),
      ];
      const [quiz] = quizStats(players, design);
      expect(quiz).toMatchObject({
        interactionId: 'quiz1',
        title: 'Harbour quiz',
        players: 3,
        completed: 2,
        passed: 1,
      });
      expect(quiz!.questions.map((q) => [q.title, q.answers, q.players, q.passed, q.percentCorrect])).toEqual([
        ['How many ships?', 3, 3, 2, 67],
        ['Which flag?', 2, 2, 2, 100],
      ]);
      expect(quiz!.questions[1]!.rows[0]!.answer).toBe('Red');

      const csv = quizCsv(quiz!);
      expect(csv.fileName).toBe('quiz_quiz1.csv');
      expect(csv.rows).toHaveLength(5);
      expect(csv.rows[0]).toEqual(['Harbour quiz', 'How many ships?', 'Ann', '3', 'yes', 'en', csvTime(at('09:30'))]);
    });
  });

  describe('missionStats', () => {
    it('counts assigned and completed players, sub-missions, and lists what was captured or shared', () => {
      const mission = (fields: Record<string, unknown>) =>
        makeRecord(RECORD_NAMES.mission, { missionId: 'm1', ...fields });
      const players = [
        makePlayer('Ann', [
          mission({ status: 'assigned' }),
          mission({
            status: 'completed',
            subMissionId: 'sub1',
            capturedInfo: { message: 'A tall one', mediaId: 'md1' },
          }),
          mission({ status: 'completed', capturedShare: { message: 'Done!' } }),
        ]),
        makePlayer('Bob', [mission({ status: 'assigned' })]),
      ];
      const [stat] = missionStats(players, design);
      expect(stat).toMatchObject({ title: 'Take a photo', assigned: 2, completed: 1 });
      expect(stat!.subMissions).toEqual([{ id: 'sub1', title: 'Of the lighthouse', completed: 1 }]);
      expect(stat!.captures).toEqual([
        {
          player: 'Ann',
          subMission: 'Of the lighthouse',
          kind: 'info',
          message: 'A tall one',
          mediaId: 'md1',
          when: at('09:30'),
        },
        { player: 'Ann', subMission: '', kind: 'share', message: 'Done!', mediaId: null, when: at('09:30') },
      ]);

      const csv = missionsCsv([stat!], (id) => `/media/${id}`);
      expect(csv.fileName).toBe('MissionStats.csv');
      expect(csv.rows[0]).toEqual(['Take a photo', 2, 1, '', '', '', '', '']);
      expect(csv.rows[1]).toEqual([
        'Take a photo',
        '',
        '',
        'Of the lighthouse',
        'Ann',
        'A tall one',
        '/media/md1',
        csvTime(at('09:30')),
      ]);
    });
  });

  describe('offers, scenes and infos', () => {
    it('counts picks and redemptions per offer', () => {
      const offer = (status: string) => makeRecord(RECORD_NAMES.offer, { offerId: 'coffee', objectId: 'w1', status });
      const players = [makePlayer('Ann', [offer('picked'), offer('picked'), offer('redeemed')]), makePlayer('Bob')];
      expect(offerStats(players, design)).toEqual([
        { offerId: 'coffee', name: 'coffee', title: 'Free coffee', picked: 2, redeemed: 1, players: 1 },
      ]);
    });

    it('counts scene entries and info views per player, in the design order', () => {
      const enter = (sceneId: string) => makeRecord(RECORD_NAMES.enteredScene, { sceneId });
      const seen = makeRecord(RECORD_NAMES.seenInfo, { interactionId: 'info1' });
      const players = [
        makePlayer('Ann', [enter('market'), enter('harbour'), enter('market'), seen]),
        makePlayer('Bob', [enter('harbour'), seen]),
      ];
      const scenes = sceneStats(players, design);
      expect(scenes.map((scene) => [scene.title, scene.times, scene.players])).toEqual([
        ['Harbour', 2, 2],
        ['Market', 2, 1],
      ]);
      const infos = infoStats(players, design);
      expect(infos).toMatchObject([{ id: 'info1', title: 'Welcome', times: 2, players: 2 }]);
      expect(scenesCsv(scenes)).toMatchObject({ fileName: 'SceneStats.csv', header: ['Scene', 'Player', 'Date'] });
      expect(infosCsv(infos).rows).toEqual([
        ['Welcome', 'Ann', csvTime(at('09:30'))],
        ['Welcome', 'Bob', csvTime(at('09:30'))],
      ]);
    });
  });

  describe('chatReplay', () => {
    const characters = design.characters;

    it("replays the statements in order: the chosen option's label, then repliedWith, and 'Game Master' for unknown speakers", () => {
      const history = [
        { statementId: 's1', when: at('10:00') },
        { statementId: 's1', optionId: 'opt-hello', when: at('10:01') },
        { statementId: 's2', when: at('10:01') },
        { statementId: 's2', optionId: 'opt-aye', when: at('10:02') },
        { statementId: 's3', when: at('10:02') },
      ];
      expect(chatReplay(conversationInteraction, history, characters, 'Ann')).toEqual([
        { from: 'character', speaker: 'Captain Nemo', text: 'Ahoy, sailor!', when: at('10:00') },
        { from: 'player', speaker: 'Ann', text: 'Hello captain', when: at('10:01') },
        { from: 'character', speaker: GAME_MASTER, text: 'Ready to sail?', when: at('10:01') },
        // repliedWith wins over the chosen option's label ('Yes').
        { from: 'player', speaker: 'Ann', text: 'Aye', when: at('10:02') },
        // No speaker at all is the game master too; nothing was answered after the last statement.
        { from: 'character', speaker: GAME_MASTER, text: 'Off we go.', when: at('10:02') },
      ]);
    });

    it('without the chosen option, takes the label of the option that says the next statement', () => {
      const history = [
        { statementId: 's1', when: at('10:00') },
        { statementId: 's2', when: at('10:05') },
      ];
      const lines = chatReplay(conversationInteraction, history, characters, 'Bob');
      expect(lines.map((line) => `${line.speaker}: ${line.text}`)).toEqual([
        'Captain Nemo: Ahoy, sailor!',
        'Bob: Hello captain',
        'Game Master: Ready to sail?',
      ]);
    });

    it('shows a statement no longer in the design by its id', () => {
      const lines = chatReplay(undefined, [{ statementId: 'old', when: at('10:00') }], characters, 'Bob');
      expect(lines).toEqual([{ from: 'character', speaker: GAME_MASTER, text: 'old', when: at('10:00') }]);
    });
  });

  describe('conversationStats', () => {
    it('counts starts and completions and replays each completion', () => {
      const talk = (fields: Record<string, unknown>) =>
        makeRecord(RECORD_NAMES.conversation, { interactionId: 'c1', ...fields });
      const history = [
        { statementId: 's1', when: at('10:00') },
        { statementId: 's1', optionId: 'opt-bye', when: at('10:01') },
      ];
      const players = [
        makePlayer('Ann', [talk({ status: 'started' }), talk({ status: 'completed', history })]),
        makePlayer('Bob', [talk({ status: 'started' })]),
      ];
      const [stat] = conversationStats(players, design);
      expect(stat).toMatchObject({ title: 'Talk to the captain', started: 2, completed: 1 });
      expect(stat!.replays[0]!.lines.map((line) => line.text)).toEqual(['Ahoy, sailor!', 'Bye']);

      const csv = conversationsCsv([stat!]);
      expect(csv.fileName).toBe('ConversationStats.csv');
      expect(csv.rows[1]![5]).toBe('Captain Nemo: Ahoy, sailor!\nAnn: Bye');
    });
  });

  describe('toCsv', () => {
    it('leads with a byte-order mark, separates by commas and quotes only fields with a quote, comma or line break', () => {
      const text = toCsv({
        header: ['Name', 'Answer'],
        rows: [
          ['Ann', 'plain'],
          ['Bob', 'one, two'],
          ['Cat', 'she said "hi"'],
          ['Dan', 'line\nbreak'],
          ['Eve', 3],
        ],
      });
      expect(text.startsWith(CSV_BOM)).toBe(true);
      expect(text.slice(1).split('\r\n')).toEqual([
        'Name,Answer',
        'Ann,plain',
        'Bob,"one, two"',
        'Cat,"she said ""hi"""',
        'Dan,"line\nbreak"',
        'Eve,3',
      ]);
      // A CSV reader gets the values back.
      expect(Papa.parse<string[]>(text.slice(1)).data[3]).toEqual(['Cat', 'she said "hi"']);
    });

    it('escapes cells a spreadsheet would read as a formula, numbers aside', () => {
      const text = toCsv({
        header: ['Player', 'Answer', 'Score'],
        rows: [
          ['=HYPERLINK("http://evil.test","click")', '+1', -3],
          ['@SUM(A1)', '-2\n=1+1', 4],
        ],
      });
      expect(Papa.parse<string[]>(text.slice(1)).data.slice(1)).toEqual([
        [`'=HYPERLINK("http://evil.test","click")`, "'+1", '-3'],
        ["'@SUM(A1)", "'-2\n=1+1", '4'],
      ]);
    });

    it('writes QuestionStats.csv with one row per answer', () => {
      const players = [makePlayer('Ann', [answered([0, 1], false)])];
      const csv = questionsCsv(questionStats(players, design));
      expect(csv.fileName).toBe('QuestionStats.csv');
      // Times in the game's zone, the zone named in the header: 09:30 UTC is 12:30 in Athens in May.
      expect(toCsv(csv, 'Europe/Athens').slice(1).split('\r\n')).toEqual([
        'Question,Player,Answer,Correct,Language,Date (Europe/Athens)',
        'The capital,Ann,"Athens, Sparta",no,en,"02 May 2024, 12:30"',
      ]);
      // A game without a zone writes UTC, and says so.
      expect(toCsv(csv).slice(1).split('\r\n')).toEqual([
        'Question,Player,Answer,Correct,Language,Date (UTC)',
        'The capital,Ann,"Athens, Sparta",no,en,"02 May 2024, 09:30"',
      ]);
    });
  });
});

describe('#analytics.newestVersion', () => {
  it('picks the newest published version, or the working version when nothing was published', () => {
    const working = { id: 'v0', createdAt: '2024-03-01T10:00:00.000Z', version: 0 };
    const first = { id: 'v1', createdAt: '2024-04-01T10:00:00.000Z', version: 1 };
    const second = { id: 'v2', createdAt: '2024-05-01T10:00:00.000Z', version: 2 };
    expect(newestVersion([working, second, first])?.id).toBe('v2');
    expect(newestVersion([working])?.id).toBe('v0');
    expect(newestVersion([])).toBeUndefined();
  });
});
