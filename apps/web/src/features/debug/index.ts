// The debugging tools page: mounted at /debugging-tools by the app's routes.
export { DebuggingToolsPage } from './DebuggingToolsPage';
