// Nothing of outings is used elsewhere yet: the router loads its pages (outings-page.tsx,
// outing-page.tsx) lazily.
export {};
