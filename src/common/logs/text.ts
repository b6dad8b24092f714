// What free text of a log may hold, shared by its schemas (schemas.ts, record-details.ts).

/** PostgreSQL text cannot hold NUL; say so instead of failing at the database. */
export const NO_NUL_MESSAGE = 'Text must not contain null characters';
export const hasNoNul = (value: string) => !value.includes('\u0000');

export const atMost = (max: number, label: string) => `${label} must be at most ${max} characters`;
