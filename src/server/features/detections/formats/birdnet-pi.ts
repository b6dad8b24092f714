import { DETECTION_TEXTS } from '../../../../common/detections.js';
import type { DetectionFormat } from './detection-format.js';
import { baseName, namedDetection, numberCell, wallClockCells } from './cells.js';

// BirdNET-Pi's BirdDB.txt (mcguirepr89/BirdNET-Pi and Nachtzuster/BirdNET-Pi,
// scripts/utils/reporting.py): one line a detection, ';'-separated,
//   Date;Time;Sci_Name;Com_Name;Confidence;Lat;Lon;Cutoff;Week;Sens;Overlap
// and its SQLite birds.db `detections` table (scripts/createdb.sh), the same columns and
// File_Name, as people export it (sqlite3 -csv -header, Adminer's CSV with a BOM).
// Date and Time are the station's local clock at the detection itself. Lat and Lon are the
// station's settings (-1 when unset). The same second can hold one species twice, with two
// confidences (as real files show; the cause is not documented): both are kept.
// Older versions wrote the confidence as 0.8507911, newer ones round it to 4 places.

const REQUIRED = ['Date', 'Time', 'Sci_Name', 'Confidence'];

/** A station's coordinate, unless unset (BirdNET-Pi's -1) or out of range. */
function coordinate(text: string, limit: number) {
  const value = numberCell(text);
  return value === undefined || value === -1 || Math.abs(value) > limit ? undefined : value;
}

export const birdnetPi: DetectionFormat = {
  name: 'birdnet-pi',
  detect: (header) => REQUIRED.every((column) => header.includes(column)),
  read(cells) {
    const named = namedDetection(cells('Sci_Name'), cells('Com_Name'), cells('Confidence'));
    if ('rejection' in named) return named;
    const startedAt = wallClockCells(cells('Date'), cells('Time'));
    if (!startedAt)
      return { rejection: DETECTION_TEXTS.badDate(`${cells('Date')} ${cells('Time')}`.trim()) };
    const latitude = coordinate(cells('Lat'), 90);
    const longitude = coordinate(cells('Lon'), 180);
    const file = baseName(cells('File_Name'));
    return {
      ...named,
      startedAt,
      ...(file ? { file } : {}),
      ...(latitude === undefined || longitude === undefined ? {} : { latitude, longitude }),
      // the confidence to 4 places tells apart two detections of one species in one second,
      // and is the same in BirdDB.txt and birds.db whichever version wrote them
      sourceKey: [
        'birdnet-pi',
        startedAt.date,
        startedAt.time,
        named.scientificName,
        named.confidence.toFixed(4),
      ].join('|'),
    };
  },
};
