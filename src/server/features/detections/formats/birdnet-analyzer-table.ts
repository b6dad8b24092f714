import { DETECTION_TEXTS } from '../../../../common/detections.js';
import type { DetectionFormat } from './detection-format.js';
import { confidenceCell, notASpecies, secondsCell } from './cells.js';
import { offsetRow } from './recording-start.js';

// Raven selection tables, tab-separated, as BirdNET-Analyzer writes them
// (X.BirdNET.selection.table.txt, or BirdNET_SelectionTable.txt for a folder). Versions differ:
//   2022   Selection View Channel Begin Time (s) End Time (s) Low Freq (Hz) High Freq (Hz)
//          Species Code Common Name Confidence                       (no recording named)
//   2024   … Common Name Species Code Confidence Begin Path File Offset (s)
//   2026   Selection Begin Time (s) End Time (s) Common Name Scientific Name Species Code
//          Confidence View Channel File Offset (s) Low Freq (Hz) High Freq (Hz) Begin Path
// BirdNET-Go's file analysis writes the 2022 columns with `Begin File` after Channel.
// In a table of several recordings Begin Time runs on across them: File Offset (s) is the
// time within the recording. Before 2026 there is no scientific name, only eBird's code;
// nocall and BirdNET's non-bird sounds (engine, Engine) are labels, not species.

const COLUMNS = ['Selection', 'Begin Time (s)', 'Common Name', 'Confidence'];

export const birdnetAnalyzerTable: DetectionFormat = {
  name: 'birdnet-analyzer-table',
  detect: (header) => COLUMNS.every((column) => header.includes(column)),
  read(cells, context) {
    const commonName = cells('Common Name').trim();
    const speciesCode = cells('Species Code').trim();
    const scientificName = cells('Scientific Name').trim();
    if (!commonName && !scientificName) return { rejection: DETECTION_TEXTS.noSpecies };
    const label = notASpecies(commonName, speciesCode, scientificName);
    if (label) return { rejection: DETECTION_TEXTS.notASpecies(label) };
    const confidence = confidenceCell(cells('Confidence'));
    if (typeof confidence !== 'number') return confidence;
    // within the recording: File Offset (s) where given, and the selection's length after it
    const offset = secondsCell(cells('File Offset (s)'));
    const begin = secondsCell(cells('Begin Time (s)'));
    const end = secondsCell(cells('End Time (s)'));
    const length = begin === undefined || end === undefined ? undefined : end - begin;
    return offsetRow(
      {
        format: 'birdnet-analyzer-table',
        file: cells('Begin Path') || cells('Begin File'),
        begin: offset === undefined ? cells('Begin Time (s)') : String(offset),
        end:
          offset === undefined || length === undefined
            ? cells('End Time (s)')
            : String(offset + length),
        species: {
          ...(scientificName ? { scientificName } : {}),
          commonName: commonName || scientificName,
          ...(speciesCode ? { speciesCode } : {}),
        },
        confidence,
      },
      context,
    );
  },
};
