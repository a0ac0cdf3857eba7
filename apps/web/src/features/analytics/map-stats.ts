import type { FunnelStep, MapAnalytics } from '@loci/domain';
import type { CsvTable } from './stats';

// The map analytics' tables and their CSV exports (docs/analytics.md "Map
// analytics"). CSV headers stay in English, as every analytics export.

/** Seconds as 'H:MM:SS' ('—' when no player gave a figure). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** What a step or a place is called: its title, else its system name. */
export const titleOf = (entity: { title: string; name: string }) => entity.title || entity.name;

const medianCell = (seconds: number | null) => (seconds === null ? '' : Math.round(seconds));

/** MapGeofences.csv: one row per location. */
export function geofencesCsv(locations: MapAnalytics['locations']): CsvTable {
  return {
    fileName: 'MapGeofences.csv',
    header: ['Location', 'System name', 'Visits', 'Unique players', 'Median seconds inside', 'No milestone after'],
    rows: locations.map((location) => [
      titleOf(location),
      location.name,
      location.visits,
      location.players,
      medianCell(location.medianSecondsInside),
      location.dropOff,
    ]),
  };
}

/** MapFunnel.csv: the milestones, then the scenes, each in the game's order. */
export function funnelCsv(funnel: MapAnalytics['funnel']): CsvTable {
  const rows = (kind: string, steps: readonly FunnelStep[]) =>
    steps.map((step, index) => [
      kind,
      index + 1,
      titleOf(step),
      step.name,
      step.reached,
      medianCell(step.medianSeconds),
      step.gaveUp ?? '',
    ]);
  return {
    fileName: 'MapFunnel.csv',
    header: ['Funnel', 'Step', 'Title', 'System name', 'Reached', 'Median seconds from the step before', 'Gave up'],
    rows: [...rows('milestone', funnel.milestones), ...rows('scene', funnel.scenes)],
  };
}

/** MapAnswers.csv: one row per question and place (and one for answers with no place). */
export function answersCsv(questions: MapAnalytics['questions']): CsvTable {
  return {
    fileName: 'MapAnswers.csv',
    header: ['Question', 'System name', 'Latitude', 'Longitude', 'Right', 'Wrong'],
    rows: questions.flatMap((question) => {
      const title = [question.title, question.questionTitle].filter(Boolean).join(' — ');
      const placed = question.places.map((place) => [
        title,
        question.name,
        place.latitude,
        place.longitude,
        place.right,
        place.wrong,
      ]);
      const unplacedWrong = question.wrong - question.places.reduce((sum, place) => sum + place.wrong, 0);
      const unplacedRight = question.right - question.places.reduce((sum, place) => sum + place.right, 0);
      return question.unplaced > 0 ? [...placed, [title, question.name, '', '', unplacedRight, unplacedWrong]] : placed;
    }),
  };
}

/** MapHeat.csv: the heatmap's cells. */
export function heatCsv(heat: MapAnalytics['heat']): CsvTable {
  return {
    fileName: 'MapHeat.csv',
    header: ['Latitude', 'Longitude', 'Positions'],
    rows: heat.cells.map((cell) => [cell.latitude, cell.longitude, cell.count]),
  };
}

/** The colour of a place where a question was answered: all right, all wrong, or both. */
export function answerColour(place: { right: number; wrong: number }): string {
  if (place.wrong === 0) return '#2f9e44';
  if (place.right === 0) return '#e03131';
  return '#f08c00';
}
