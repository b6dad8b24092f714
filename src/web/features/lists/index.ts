// Nothing of lists is used elsewhere: the router loads its page (lists-page.tsx) lazily.
export {};
