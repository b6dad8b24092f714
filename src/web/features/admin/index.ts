// Nothing of admin is used elsewhere: the router loads its page (admin-page.tsx) lazily.
export {};
