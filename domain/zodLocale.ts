import { z } from 'zod';

/** Validation messages in Chinese everywhere a schema runs (server and console). */
z.config(z.locales.zhCN());
