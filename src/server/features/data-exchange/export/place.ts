import {
  OBSCURED_CELL_DEGREES,
  type Generalisation,
  type PublicPlace,
} from '../../../../common/location-privacy.js';
import { placeForOthers } from '../../geoprivacy/index.js';
import type { ExportContext } from './export-column.js';
import type { ExportRow } from './queries.js';

// The place of a record in the exports: the owner's own in a whole export, as others see it in
// one for publishing (SPEC §2's rounding, issue 35's location privacy).

/** Rounding to 0.01° moves a point by up to half a cell each way: at most this far (the equator). */
const ROUNDING_METRES = Math.ceil(Math.hypot(0.005 * 111_320, 0.005 * 111_320));

/** Nobody is trusted with an obscured point in a file for publishing. */
const publishing = (context: ExportContext) => ({
  trusted: false,
  obscuredPlace: context.obscuredPlace,
});

/**
 * The place as the file may show it: the owner's own in a whole export; when publishing, as
 * others see it (issue 35: rounded when open, its 0.2° cell when obscured, none when private).
 */
export function place(row: ExportRow, context: ExportContext): PublicPlace {
  const { latitude, longitude } = row;
  if (context.scope === 'all') {
    return {
      latitude,
      longitude,
      coordinateUncertainty: latitude === null ? null : row.coordinateUncertainty,
      placeName: row.placeName,
      cell: null,
      exact: true,
      generalisation: 'none',
    };
  }
  const shown = placeForOthers(row, publishing(context));
  return shown.generalisation === 'rounded'
    ? { ...shown, coordinateUncertainty: (row.coordinateUncertainty ?? 0) + ROUNDING_METRES }
    : shown;
}

/** What Darwin Core's dataGeneralizations says of a published place. */
export const GENERALISATIONS: Record<Generalisation, string | null> = {
  none: null,
  rounded: `Coordinates rounded to 0.01 degrees; coordinateUncertaintyInMeters includes the rounding (${ROUNDING_METRES} m)`,
  obscured: `Coordinates obscured to a random point in a ${OBSCURED_CELL_DEGREES}-degree grid cell holding the true point (footprintWKT); coordinateUncertaintyInMeters is the cell's diagonal`,
  withheld: 'Coordinates and locality withheld',
};

/** Darwin Core's informationWithheld of a published place. */
export function withheld(row: ExportRow, context: ExportContext): string | null {
  const shown = place(row, context);
  const why = row.locationShown.reason === 'sensitive' ? ' (sensitive species)' : '';
  switch (shown.generalisation) {
    case 'rounded':
      return 'Exact coordinates withheld';
    case 'obscured':
      return `Exact coordinates, locality, county and location ID withheld${why}`;
    case 'withheld':
      return `Coordinates, locality, county and location ID withheld${why}`;
    default:
      return null;
  }
}
