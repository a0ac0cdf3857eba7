export { LoginPage } from './LoginPage';
export { RegisterPage } from './RegisterPage';
export { RegisterSuccessPage } from './RegisterSuccessPage';
export { ConfirmEmailPage } from './ConfirmEmailPage';
export { SocialRedirectPage } from './SocialRedirectPage';
export { ForgotPage, ResendPage } from './EmailRequestPage';
export { ForgotChangePage } from './ForgotChangePage';
