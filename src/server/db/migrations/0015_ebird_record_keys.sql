-- An eBird record's key was its checklist and Taxonomic Order (ebird:S123:4567), which eBird
-- renumbers with every annual taxonomy: next year's download came in again. The key is now the
-- checklist and the species' scientific name in lower case (ebird:S123:anas crecca), as the
-- import writes it; a name met twice on one checklist takes #2, #3 as the import does.
WITH keyed AS (
  SELECT id, user_id, created_at,
    'ebird:' || split_part(source_key, ':', 2) || ':' ||
      coalesce(nullif(lower(trim(species_scientific)), ''), lower(trim(species_common))) AS base
  FROM logs
  WHERE source_key ~ '^ebird:[^:]+:[0-9.]*(#[0-9]+)?$'
), numbered AS (
  SELECT id, base,
    row_number() OVER (PARTITION BY user_id, base ORDER BY created_at, id) AS n
  FROM keyed
)
UPDATE logs
SET source_key = CASE WHEN numbered.n = 1 THEN numbered.base ELSE numbered.base || '#' || numbered.n END
FROM numbered
WHERE logs.id = numbered.id;
