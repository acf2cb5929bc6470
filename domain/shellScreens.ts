/* The shell's own screens, apart from every module's (domain/screens.ts): the login page names them
   and loads no screen table. */

/** Spec 000 §2: the startup screens under / and the fallbacks. */
export const ShellScreens = {
  root: '/',
  workbench: '/home',
  welcome: '/console',
  error: '/error',
  notImplemented: '/notimpliment',
} as const;
