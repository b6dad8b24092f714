import { createHash } from 'node:crypto';
import {
  GBIF_PUBLISHING_SOURCES,
  type ExportScope,
} from '../../../../common/data-exchange/export.js';
import { DATA_LICENSE_INFO, type DataLicense } from '../../../../common/data-exchange/licenses.js';
import {
  COMPLETE_EVENT,
  COUNT_REMARKS,
  MULTIMEDIA_ROW_TYPE,
  multimediaLayout,
  OCCURRENCE_ROW_TYPE,
  occurrenceLayout,
  type Term,
} from './columns.js';

// The Darwin Core Archive's descriptor (meta.xml) and its dataset metadata (eml.xml, the GBIF
// metadata profile of EML 2.1.1), as GBIF's Darwin Core Text Guide writes them.

/** XML 1.0 cannot hold control characters other than tab and line breaks, even escaped. */
const xml = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The archive's text files: UTF-8, tab between cells, LF after each row, no quotes. */
export const ARCHIVE_FILES = {
  occurrence: 'occurrence.txt',
  multimedia: 'multimedia.txt',
  eml: 'eml.xml',
  meta: 'meta.xml',
};
const TEXT_FORMAT = `encoding="UTF-8" fieldsTerminatedBy="\\t" linesTerminatedBy="\\n" fieldsEnclosedBy="" ignoreHeaderLines="1"`;

const fields = (terms: readonly Term[], first: number) =>
  terms.map((term, i) => `    <field index="${first + i}" term="${term.iri}"/>`).join('\n');

/** meta.xml: which file holds which term; the core's id is occurrenceID, column 0. */
export function metaXml(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<archive xmlns="http://rs.tdwg.org/dwc/text/" metadata="${ARCHIVE_FILES.eml}">
  <core ${TEXT_FORMAT} rowType="${OCCURRENCE_ROW_TYPE}">
    <files><location>${ARCHIVE_FILES.occurrence}</location></files>
    <id index="0"/>
${fields(occurrenceLayout.terms, 0)}
  </core>
  <extension ${TEXT_FORMAT} rowType="${MULTIMEDIA_ROW_TYPE}">
    <files><location>${ARCHIVE_FILES.multimedia}</location></files>
    <coreid index="0"/>
${fields(multimediaLayout.terms, 1)}
  </extension>
</archive>
`;
}

export interface DatasetInfo {
  appName: string;
  /** The account's id: the dataset's packageId is derived from it, stable across exports. */
  userId: string;
  firstName: string | null;
  lastName: string | null;
  license: DataLicense;
  scope: ExportScope;
  /**
   * Public records imported from a source that publishes to GBIF itself (eBird, iNaturalist):
   * how many, and whether the archive holds them; null: none.
   */
  sourced: { count: number; included: boolean } | null;
  /** How many occurrences the archive holds. */
  occurrences: number;
  /** How many of them belong to an outing (have an eventID), and to a complete one. */
  inEvents: number;
  inCompleteEvents: number;
  /** YYYY-MM-DD */
  pubDate: string;
}

/** A name-based UUID (RFC 9562 version 5 layout) of the account and scope. */
function packageId(userId: string, scope: ExportScope): string {
  const hash = createHash('sha1').update(`sightbook dataset ${userId} ${scope}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The person behind the data, by name; EML needs a surname, so a single name is one. */
function party(info: DatasetInfo): string {
  const first = info.firstName?.trim();
  const last = info.lastName?.trim();
  if (!first && !last) return `<positionName>${xml(info.appName)} user</positionName>`;
  const given = first && last ? `<givenName>${xml(first)}</givenName>` : '';
  return `<individualName>${given}<surName>${xml((last || first)!)}</surName></individualName>`;
}

/**
 * How the records were made: logs one at a time, presence only; and, when some belong to
 * outings (eBird's checklists), how their events read and when absence may be inferred.
 */
const SAMPLING =
  'Incidental observations logged one at a time in a personal wildlife log: every record is a presence; the absence of a species cannot be inferred.';
/** What individualCount holds, and what it leaves empty (issue 32). */
const COUNTS = `individualCount is the number of individuals counted. It is empty where the species was present but not counted (eBird's X), and where only evidence of its presence was found, without a live individual (feathers, a used nest, remains; eBird's count 0); occurrenceStatus is present for both, and occurrenceRemarks begins with "${COUNT_REMARKS.present}" or "${COUNT_REMARKS.evidence}".`;
const EVENTS =
  'Records with an eventID were made on an outing (a checklist, as eBird keeps them): one visit by the observer, its start time and place, and the species seen on it. samplingProtocol names how the outing was made (Traveling count, Stationary count, Area count or Incidental observation, as eBird defines them) and samplingEffort its effort (duration in minutes, distance travelled in km, number of observers). dynamicProperties holds {"allSpeciesReported":true} or {"allSpeciesReported":false} for every record of an outing. Records without an eventID are incidental, presence only.';
const COMPLETE = `Where dynamicProperties reads ${COMPLETE_EVENT}, the observers reported every species they detected and identified during that event (a complete checklist): any species not recorded under that eventID can be inferred absent, or at least not detected, during that event's effort. Where it reads {"allSpeciesReported":false}, or where a record has no eventID, the absence of a species cannot be inferred.`;

const methodStep = (text: string) => `      <methodStep>
        <description>
          <para>${xml(text)}</para>
        </description>
      </methodStep>`;

const SOURCES = GBIF_PUBLISHING_SOURCES.map((source) => source.name).join(' and ');

/** What the abstract says of records that eBird or iNaturalist publish to GBIF themselves. */
function sourcedText(sourced: DatasetInfo['sourced']): string {
  if (!sourced) return '';
  const records = `${sourced.count.toLocaleString('en')} ${sourced.count === 1 ? 'record' : 'records'}`;
  return sourced.included
    ? ` It includes ${records} imported from ${SOURCES}, which publish to GBIF themselves: each names its source record in dcterms:references, so that the copy GBIF already holds can be matched.`
    : ` ${records} imported from ${SOURCES} are left out: those sources publish them to GBIF themselves, and GBIF would otherwise hold them twice.`;
}

/** eml.xml: the dataset's title, creator, licence (intellectualRights) and date. */
export function emlXml(info: DatasetInfo): string {
  const name = [info.firstName, info.lastName]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
  const title = `Wildlife sightings${name ? ` of ${name}` : ''} (${info.appName})`;
  const licence = DATA_LICENSE_INFO[info.license];
  const who = party(info);
  const count = `${info.occurrences.toLocaleString('en')} ${info.occurrences === 1 ? 'observation' : 'observations'}`;
  const scope =
    info.scope === 'public'
      ? ' Public logs only, as their shared pages show them: coordinates are rounded to 0.01 degrees unless the observer chose to share the exact point.'
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<eml:eml xmlns:eml="eml://ecoinformatics.org/eml-2.1.1" xmlns:dc="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="eml://ecoinformatics.org/eml-2.1.1 http://rs.gbif.org/schema/eml-gbif-profile/1.1/eml.xsd" packageId="${packageId(info.userId, info.scope)}" system="http://gbif.org" scope="system" xml:lang="en">
  <dataset>
    <title xml:lang="en">${xml(title)}</title>
    <creator>${who}</creator>
    <metadataProvider>${who}</metadataProvider>
    <pubDate>${info.pubDate}</pubDate>
    <language>en</language>
    <abstract>
      <para>${xml(`${count} of wildlife exported from ${info.appName}.${scope}${sourcedText(info.sourced)}`)}</para>
    </abstract>
    <intellectualRights>
      <para>${info.license === 'CC0-1.0' ? 'These data are dedicated to the public domain under' : 'This work is licensed under'} <ulink url="${licence.url}"><citetitle>${xml(licence.title)}</citetitle></ulink>.</para>
    </intellectualRights>
    <contact>${who}</contact>
    <methods>
${[
  `${SAMPLING} ${COUNTS}`,
  info.inEvents > 0 ? EVENTS : null,
  info.inCompleteEvents > 0 ? COMPLETE : null,
]
  .flatMap((text) => (text ? [methodStep(text)] : []))
  .join('\n')}
    </methods>
  </dataset>
</eml:eml>
`;
}
