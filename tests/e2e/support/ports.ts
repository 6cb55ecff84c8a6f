export const e2ePorts = {
  app: Number(process.env.E2E_PORT ?? 3210),
  shortLinks: 3211,
  smtp: 3291,
  smtpApi: 3292,
  github: 3293,
  openai: 3294,
  openaiApp: 3212,
};
