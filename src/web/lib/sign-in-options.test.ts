import { describe, expect, it } from 'vitest';
import { readSignInOptions } from './sign-in-options';

/** A stand-in for the document, answering the meta tags given. */
const page = (metas: Record<string, string>) => ({
  querySelector: (selector: string) => {
    const name = /name="([^"]+)"/.exec(selector)?.[1] ?? '';
    return name in metas ? ({ getAttribute: () => metas[name] } as unknown as Element) : null;
  },
});

describe('reading the sign-in options from the page', () => {
  it('means built-in accounts only when the server wrote nothing', () => {
    expect(readSignInOptions(page({}))).toEqual({
      provider: undefined,
      localAccounts: true,
      registration: 'open',
      resetMail: false,
    });
  });

  it('reads the provider and whether local accounts remain', () => {
    expect(
      readSignInOptions(page({ 'sign-in-provider': ' Bird Club ', 'local-accounts': 'false' })),
    ).toMatchObject({ provider: 'Bird Club', localAccounts: false });
    expect(
      readSignInOptions(page({ 'sign-in-provider': 'Bird Club', 'local-accounts': 'true' })),
    ).toMatchObject({ provider: 'Bird Club', localAccounts: true });
  });

  it('reads who may sign up and whether reset links are mailed', () => {
    expect(readSignInOptions(page({ registration: 'invite', 'reset-mail': 'true' }))).toMatchObject(
      { registration: 'invite', resetMail: true },
    );
    expect(readSignInOptions(page({ registration: 'closed' }))).toMatchObject({
      registration: 'closed',
      resetMail: false,
    });
    expect(readSignInOptions(page({ registration: 'nonsense' })).registration).toBe('open');
  });
});
