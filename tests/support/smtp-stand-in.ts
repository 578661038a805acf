/**
 * A local stand-in for an SMTP server (RFC 5321), on 127.0.0.1 and a free port, enough for a
 * client such as nodemailer: greeting, EHLO (no STARTTLS offered), AUTH PLAIN/LOGIN accepted,
 * MAIL FROM, RCPT TO, DATA ending with <CRLF>.<CRLF>, RSET, NOOP and QUIT. It keeps what it was
 * sent, and can refuse recipients (550) to play a mail server that says no.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers, a blank line, the body (dot-stuffing undone). */
  data: string;
}

export interface SmtpStandIn {
  url: string;
  received: ReceivedMail[];
  /** From now on, every RCPT TO is answered 550. */
  refuseRecipients(): void;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let authStep: 'none' | 'login-user' | 'login-pass' = 'none';
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp.stand-in ESMTP ready');

    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (authStep === 'login-user') {
          authStep = 'login-pass';
          reply('334 UGFzc3dvcmQ6');
          continue;
        }
        if (authStep === 'login-pass') {
          authStep = 'none';
          reply('235 2.7.0 accepted');
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') reply('250-smtp.stand-in\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 smtp.stand-in');
        else if (verb === 'AUTH' && /PLAIN/i.test(line)) reply('235 2.7.0 accepted');
        else if (verb === 'AUTH') {
          authStep = 'login-user';
          reply('334 VXNlcm5hbWU6');
        } else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (refusing) reply('550 5.1.1 mailbox unavailable');
          else {
            mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '' };
          reply('250 2.0.0 ok');
        } else if (verb === 'NOOP') reply('250 2.0.0 ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else reply('502 5.5.2 command not recognized');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://mailer:secret@127.0.0.1:${port}`,
    received,
    refuseRecipients: () => void (refusing = true),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
