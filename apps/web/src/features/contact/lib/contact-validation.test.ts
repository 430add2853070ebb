import { describe, expect, it } from 'vitest';
import { contactProblems, contactValuesToSend } from './contact-validation';

const valid = { name: 'Ada', email: 'ada@example.com', subject: 'Transcripts', message: 'Could the app show longer transcripts?' };

describe('the contact form’s checks', () => {
  it('finds nothing wrong with a message the server takes', () => {
    expect(contactProblems(valid)).toEqual({});
    expect(contactProblems({ ...valid, name: 'x'.repeat(100), subject: 'abc', message: 'x'.repeat(5000) })).toEqual({});
  });

  it('holds each field to the server’s lengths, counted after trimming', () => {
    expect(contactProblems({ ...valid, name: '   ' })).toEqual({ name: { kind: 'required' } });
    expect(contactProblems({ ...valid, name: 'x'.repeat(101) })).toEqual({ name: { kind: 'tooLong', max: 100 } });
    expect(contactProblems({ ...valid, subject: ' Hi  ' })).toEqual({ subject: { kind: 'tooShort', min: 3 } });
    expect(contactProblems({ ...valid, subject: 'x'.repeat(151) })).toEqual({ subject: { kind: 'tooLong', max: 150 } });
    expect(contactProblems({ ...valid, message: '  short  ' })).toEqual({ message: { kind: 'tooShort', min: 10 } });
    expect(contactProblems({ ...valid, message: 'x'.repeat(5001) })).toEqual({ message: { kind: 'tooLong', max: 5000 } });
  });

  it('asks for a real email address', () => {
    expect(contactProblems({ ...valid, email: '' })).toEqual({ email: { kind: 'required' } });
    expect(contactProblems({ ...valid, email: 'ada at example' })).toEqual({ email: { kind: 'email' } });
    expect(contactProblems({ ...valid, email: 'ada@example' })).toEqual({ email: { kind: 'email' } });
  });

  it('sends one-line fields on one line and keeps the message’s line breaks', () => {
    expect(contactValuesToSend({ name: ' Ada \n Lovelace ', email: ' ada@example.com ', subject: 'A\tquestion', message: '\nLine one\nLine two\n' })).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'A question',
      message: 'Line one\nLine two',
    });
  });
});
