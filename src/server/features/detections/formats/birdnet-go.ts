import { DETECTION_TEXTS } from '../../../../common/detections.js';
import type { DetectionFormat } from './detection-format.js';
import { analyzerCsvNames, firstCell, hasColumns, wallClockCells } from './cells.js';
import { offsetRow } from './recording-start.js';

// BirdNET-Go's CSV (tphakala/birdnet-go, internal/observation/observation.go WriteNotesCsv,
// `birdnet-go file|directory` with the CSV output): BirdNET-Analyzer's header
//   Start (s),End (s),Scientific name,Common name,Confidence
// but each time written as a date and time, `2006-01-02 15:04:05`, not seconds. In file
// analysis the time counts from Go's zero time, so 0001-01-01 00:01:30 is 90 seconds into the
// recording; a real date is the station's local clock. Confidence is 0–1 to 4 places (%.4f),
// rounded to 2 before (math.Round(c*100)/100). Some versions wrote 00:00:00 for every row
// (issue tphakala/birdnet-go#1732): those all read as the recording's start.

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2}:\d{2})/;
const COLUMNS = ['Start (s)', 'End (s)', 'Scientific name', 'Common name', 'Confidence'];

/** Seconds into the recording when the cell is Go's zero date plus a time. */
function sinceZeroTime(cell: string): string | undefined {
  const match = DATE_TIME.exec(cell.trim());
  if (!match || match[1] !== '0001') return undefined;
  const [h, m, s] = match[4]!.split(':').map(Number) as [number, number, number];
  return String(h * 3600 + m * 60 + s);
}

export const birdnetGo: DetectionFormat = {
  name: 'birdnet-go',
  detect: (header, first) =>
    hasColumns(header, COLUMNS) && DATE_TIME.test(firstCell(header, first, 'Start (s)')),
  read(cells, context) {
    const named = analyzerCsvNames(cells);
    if ('rejection' in named) return named;
    const { confidence, ...species } = named;
    const begin = sinceZeroTime(cells('Start (s)'));
    if (begin !== undefined) {
      const end = sinceZeroTime(cells('End (s)')) ?? '';
      return offsetRow(
        { format: 'birdnet-go', file: '', begin, end, species, confidence },
        context,
      );
    }
    const match = DATE_TIME.exec(cells('Start (s)').trim());
    const startedAt = match && wallClockCells(`${match[1]}-${match[2]}-${match[3]}`, match[4]!);
    if (!startedAt) return { rejection: DETECTION_TEXTS.badDate(cells('Start (s)').trim()) };
    return {
      ...species,
      confidence,
      startedAt,
      sourceKey: ['birdnet-go', startedAt.date, startedAt.time, species.scientificName].join('|'),
    };
  },
};
