export { LoginPage } from './login-page';
export { UserMenu } from './user-menu';
export { useUser } from './use-user';
