import { toCsv, type CsvTable } from './stats';

/** Downloads a CSV export as a file named after the table (spec 3 §9), its times in the game's `zone`. */
export function downloadCsv(table: CsvTable, zone: string | null): void {
  const blob = new Blob([toCsv(table, zone)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = table.fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
