// Passwords of 8 or more characters that top the public breach-frequency lists (SecLists'
// "10-million-password-list-top" and NCSC's "100k most common"), and words of this app; refused
// wherever a password is set, beside the strength estimate (password-strength.ts).
const COMMON_PASSWORDS = new Set(
  `password 12345678 123456789 1234567890 12345678910 qwertyuiop qwerty123 qwerty12 1q2w3e4r
  1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 11111111 00000000 88888888 87654321 987654321
  11223344 12341234 12344321 123123123 123321123 147258369 159753456 12qwaszx q1w2e3r4 q1w2e3r4t5
  a1b2c3d4 abcd1234 abc12345 abcdefgh asdfghjk asdfghjkl asdf1234 qwertyui iloveyou iloveyou1
  iloveyou2 password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word
  pass1234 letmein1 letmein123 welcome1 welcome123 football football1 baseball baseball1 basketball
  sunshine sunshine1 princess princess1 superman superman1 starwars trustno1 whatever whatever1
  computer internet michelle jennifer jessica1 corvette mercedes maverick midnight samantha
  jordan23 liverpool chelsea1 arsenal1 manchester blink182 charlie1 michael1 robert12 danielle
  fernando estrella mariposa cocacola freedom1 shadow12 master12 monkey12 dragon12 killer12
  nicole12 hunter12 ginger12 pepper12 soccer12 hockey12 tigger12 buster12 batman12 anthony1
  alexander victoria elephant butterfly chocolate december november september september1
  changeme changeme1 default1 administrator admin123 admin1234 administrator1 rootroot
  test1234 testtest testing1 testing123 secret12 secret123 mypassword mypassword1 loveyou1
  lovelove iloveu12 forever1 beautiful sweetheart angel123 babygirl babygirl1 lovely12
  rockyou1 flower12 summer12 spring12 winter12 autumn12 hello123 hellohello goodluck
  qazwsxedc qazwsx123 1234qwer qwer1234 asdfasdf zxcvbnm1 zxcvbnm123 zxcvbnmm 1234abcd
  00001111 12121212 13131313 69696969 77777777 99999999 22222222 33333333 44444444 55555555
  66666666 12345qwert 123456qwerty qwerty1234 123qweasd 1qa2ws3ed 147852369 741852963
  wildlife birdwatch birdwatcher naturalist sightbook`.split(/\s+/),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
