// Nothing of stats is used elsewhere: the router loads its page (stats-page.tsx) lazily.
export {};
