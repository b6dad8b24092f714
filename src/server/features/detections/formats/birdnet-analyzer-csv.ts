import type { DetectionFormat } from './detection-format.js';
import { analyzerCsvNames, firstCell, hasColumns, numberCell } from './cells.js';
import { offsetRow } from './recording-start.js';

// BirdNET-Analyzer's CSV (birdnet-team/BirdNET-Analyzer, birdnet_analyzer/analyze/core.py
// save_as_csv), one per recording (X.BirdNET.results.csv) or all in BirdNET_CombinedTable.csv:
//   Start (s),End (s),Scientific name,Common name,Confidence,File[,lat,lon,week,…]
// Before File was added (2022) the recording is the results file's own name; before that
// (2021, and BirdNET-Pi's per-recording X.wav.csv) the file was ';'-separated:
//   Start (s);End (s);Scientific name;Common name;Confidence
// Seconds are written 0, 3.0 or 24 by version; the combined table is sorted by confidence,
// not time; BirdNET's non-bird sounds repeat one word for both names (Dog,Dog).

const COLUMNS = ['Start (s)', 'Scientific name', 'Common name', 'Confidence'];

export const birdnetAnalyzerCsv: DetectionFormat = {
  name: 'birdnet-analyzer-csv',
  detect: (header, first) =>
    hasColumns(header, COLUMNS) &&
    (first === undefined || numberCell(firstCell(header, first, 'Start (s)')) !== undefined),
  read(cells, context) {
    const named = analyzerCsvNames(cells);
    if ('rejection' in named) return named;
    const { confidence, ...species } = named;
    return offsetRow(
      {
        format: 'birdnet-analyzer-csv',
        file: cells('File'),
        begin: cells('Start (s)'),
        end: cells('End (s)'),
        species,
        confidence,
      },
      context,
    );
  },
};
