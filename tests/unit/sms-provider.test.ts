// Which SMS provider the environment chooses (server/providers/sms/twilio.ts): none of the
// TWILIO_* variables keeps texts in the log (the outbox); all of them choose Twilio; some
// without the others stop the start with a sentence that names what is missing. And the call
// the Twilio adapter makes, seen through a fake fetch.
import { describe, expect, it } from 'vitest';
import { SmsError } from '../../server/providers/sms/sms-provider.ts';
import { createTwilioSms, smsProviderFromEnv, twilioConfigFromEnv } from '../../server/providers/sms/twilio.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const SERVICE = `MG${'0123456789abcdef'.repeat(2)}`;
const full = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token-1', TWILIO_FROM_NUMBER: '+12135550199' };

describe('choosing the SMS provider', () => {
  it('no TWILIO_* variable: the outbox, which only logs', () => {
    expect(smsProviderFromEnv({}).name).toBe('outbox');
    expect(smsProviderFromEnv({ TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: ' ' }).name).toBe('outbox');
    expect(twilioConfigFromEnv({ PORT: '3000' })).toBeUndefined();
  });

  it('account SID, auth token and a From number: Twilio, at api.twilio.com with a 10 s timeout', () => {
    expect(smsProviderFromEnv(full).name).toBe('twilio');
    expect(twilioConfigFromEnv(full)).toEqual({
      apiBase: 'https://api.twilio.com',
      accountSid: SID,
      authToken: 'token-1',
      sender: { from: '+12135550199' },
    });
  });

  it('a Messaging Service SID may stand in for the From number, and wins when both are set', () => {
    const { TWILIO_FROM_NUMBER: _from, ...noFrom } = full;
    expect(twilioConfigFromEnv({ ...noFrom, TWILIO_MESSAGING_SERVICE_SID: SERVICE })?.sender).toEqual({
      messagingServiceSid: SERVICE,
    });
    expect(twilioConfigFromEnv({ ...full, TWILIO_MESSAGING_SERVICE_SID: SERVICE })?.sender).toEqual({
      messagingServiceSid: SERVICE,
    });
  });

  it('some variables without the others stop the start and name what is missing', () => {
    expect(() => smsProviderFromEnv({ TWILIO_ACCOUNT_SID: SID })).toThrow(
      'Texts through Twilio need TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER (or TWILIO_MESSAGING_SERVICE_SID): set them and start again, or unset every TWILIO_ variable to keep texts in the log.',
    );
    expect(() => smsProviderFromEnv({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token-1' })).toThrow(
      'Texts through Twilio need TWILIO_FROM_NUMBER (or TWILIO_MESSAGING_SERVICE_SID): set it and start again',
    );
    expect(() => smsProviderFromEnv({ TWILIO_FROM_NUMBER: '+12135550199' })).toThrow(
      'Texts through Twilio need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN:',
    );
  });

  it('refuses an account SID or Messaging Service SID in the wrong format, and an API base with a path', () => {
    expect(() => twilioConfigFromEnv({ ...full, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(
      'TWILIO_ACCOUNT_SID must be the Account SID, AC and 32 hex digits, not "SK123".',
    );
    expect(() => twilioConfigFromEnv({ ...full, TWILIO_MESSAGING_SERVICE_SID: 'MG1' })).toThrow(
      /TWILIO_MESSAGING_SERVICE_SID must be a Messaging Service SID/,
    );
    expect(() => twilioConfigFromEnv({ ...full, TWILIO_API_BASE: 'https://api.twilio.com/2010-04-01' })).toThrow(
      /TWILIO_API_BASE must be an origin/,
    );
    expect(
      twilioConfigFromEnv({ ...full, TWILIO_API_BASE: 'http://127.0.0.1:4010/', TWILIO_TIMEOUT_MS: '250' }),
    ).toMatchObject({ apiBase: 'http://127.0.0.1:4010', timeoutMs: 250 });
  });
});

describe('the Twilio call', () => {
  it('posts To, From and Body form-encoded with Basic auth, and answers the message sid', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ sid: 'SM0123', status: 'queued' }), { status: 201 }));
    }) as unknown as typeof fetch;
    const twilio = createTwilioSms(twilioConfigFromEnv(full)!, { fetch: fakeFetch });
    await expect(twilio.send('+12135550100', 'Hola & adiós')).resolves.toEqual({ id: 'SM0123' });
    const [call] = calls;
    expect(call!.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(call!.init.method).toBe('POST');
    expect(call!.init.headers).toMatchObject({
      Authorization: `Basic ${Buffer.from(`${SID}:token-1`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(new URLSearchParams(call!.init.body as string))).toEqual({
      To: '+12135550100',
      From: '+12135550199',
      Body: 'Hola & adiós',
    });
    expect(call!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("a refusal becomes an SmsError with Twilio's code, and a page that is not JSON still says what came back", async () => {
    const answering = (status: number, body: string) =>
      createTwilioSms(twilioConfigFromEnv(full)!, {
        fetch: (() => Promise.resolve(new Response(body, { status }))) as unknown as typeof fetch,
      });
    const invalid = answering(
      400,
      JSON.stringify({
        code: 21211,
        message: "Invalid 'To' Phone Number: +1555",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      }),
    );
    const error = await invalid.send('+1555', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect(error).toMatchObject({
      status: 400,
      code: 21211,
      moreInfo: 'https://www.twilio.com/docs/errors/21211',
      message: "Twilio answered 400 (21211): Invalid 'To' Phone Number: +1555",
    });
    await expect(answering(502, '<html>Bad gateway</html>').send('+12135550100', 'x')).rejects.toMatchObject({
      status: 502,
      code: null,
      message: 'Twilio answered 502: <html>Bad gateway</html>',
    });
    await expect(answering(201, '{}').send('+12135550100', 'x')).rejects.toThrow(
      'Twilio answered 201 without a message sid.',
    );
  });
});
