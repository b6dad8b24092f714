import { countryAt } from '../../../common/country.js';
import {
  publicPlace,
  type PublicPlace,
  type StoredPlace,
} from '../../../common/location-privacy.js';
import { SHARED_COORDINATE_DECIMALS } from '../../../common/maps/geo.js';
import type { OwnerPlaceRules } from './viewers.js';

// The place of a log or an outing as others see it (issue 35): the shared pages, their link
// previews, and the exports for publishing all read it here.

export interface StoredRegion {
  stateProvince: string | null;
  countryCode: string | null;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/**
 * The coarse region an obscured place's name becomes: its state or province as its source named
 * it (not a code such as US-NY), and its country ('Ontario, Canada'); null when none is known.
 */
export function regionOf(place: StoredPlace & StoredRegion): string | null {
  const country =
    place.countryCode ??
    (place.latitude !== null && place.longitude !== null
      ? countryAt(place.latitude, place.longitude)
      : undefined);
  const countryName = country ? (countryNames.of(country) ?? null) : null;
  const state =
    place.stateProvince && !/^[A-Z]{2}-/.test(place.stateProvince) ? place.stateProvince : null;
  return [state, countryName].filter(Boolean).join(', ') || null;
}

/** The place as `rules`' viewer sees it: shared pages' rounding when open. */
export function placeForOthers(
  place: StoredPlace & StoredRegion,
  rules: OwnerPlaceRules,
): PublicPlace {
  return publicPlace(place, {
    trusted: rules.trusted,
    obscuredPlace: rules.obscuredPlace,
    region: rules.obscuredPlace === 'region' ? regionOf(place) : null,
    openDecimals: SHARED_COORDINATE_DECIMALS,
  });
}
