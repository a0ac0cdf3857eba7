// Judged submissions (issue 29): the review queue page and the judging statistics.
export { ReviewQueuePage } from './ReviewQueuePage';
export { JudgingStatsPanel, JudgingStatsTable } from './JudgingStatsPanel';
