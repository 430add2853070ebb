import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PollStatus, type AdminPoll, adminApiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { expectConsoleErrors } from '../../../test/console-guard';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { adminApi, bodyOf, moderatorUser, pollFixture, pollStore, signedInAs } from '../test/admin-api';

afterEach(() => {
  setAccessToken(null);
  vi.unstubAllGlobals();
});

function renderEditor(path: string, overrides: Record<string, FetchHandler> = {}, poll: AdminPoll = pollFixture()) {
  const fetchMock = mockFetch(adminApi(overrides, poll));
  const rendered = renderApp({ path, state: signedInAs(moderatorUser) });
  /** The requests sent with `method` to `path`, with their bodies, in order. */
  const sent = (method: string, pathname: string) =>
    fetchMock.mock.calls
      .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method)
      .map(([, init]) => (init?.body ? bodyOf(init) : undefined));
  return { fetchMock, sent, ...rendered };
}

describe('the poll editor', () => {
  it('creates a poll from its details and opens it for its questions', async () => {
    const created = pollFixture({ id: '00000000-0000-4000-8000-000000000099', name: 'Transport survey', questions: [], targets: [] });
    const { sent, router } = renderEditor('/admin/polls/new', {
      'POST /v1/admin/polls': () => created,
      [`GET /v1/admin/polls/${created.id}`]: () => created,
    });
    const form = await screen.findByRole('form', { name: 'Details' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create poll' }));
    expect(await within(form).findByText('This is needed.')).toBeTruthy();
    expect(sent('POST', adminApiPaths.polls)).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: '  Transport survey ' } });
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Priority' }), { target: { value: '5' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Survey' }));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Visitor detail it records' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Age bracket' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create poll' }));

    await waitFor(() => expect(router.location().pathname).toBe(`/admin/polls/${created.id}`));
    expect(sent('POST', adminApiPaths.polls)).toEqual([
      { name: 'Transport survey', priority: 5, type: 1, status: 0, visibility: 0, startsAt: null, endsAt: null, config: { field: 'ageBracket' } },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Transport survey' })).toBeTruthy();
    expect(await screen.findByText('The poll was created. Add its questions next.')).toBeTruthy();
  });

  it('saves only the details that changed, and offers only the statuses the poll can move to', async () => {
    const { sent } = renderEditor('/admin/polls/00000000-0000-4000-8000-000000000001', {
      'PUT /v1/admin/polls/00000000-0000-4000-8000-000000000001': () => pollFixture({ status: PollStatus.READY }),
    });
    const form = await screen.findByRole('form', { name: 'Details' });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Status' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Pending', 'Ready']);
    fireEvent.click(screen.getByRole('option', { name: 'Ready' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(sent('PUT', adminApiPaths.poll(pollFixture().id))).toEqual([{ status: PollStatus.READY }]));
  });

  it('moves a question down with its button: the order is saved with PUT {order}, the moved question first', async () => {
    const poll = pollFixture();
    const [first, second] = poll.questions;
    const { sent } = renderEditor(`/admin/polls/${poll.id}`, pollStore(poll));
    const questions = await screen.findByRole('list', { name: 'Questions' });
    const moveDown = within(questions).getByRole('button', { name: 'Move Question 1: Did the budget help you? down' });
    moveDown.focus();
    fireEvent.click(moveDown);

    await waitFor(() => expect(sent('PUT', adminApiPaths.pollQuestion(poll.id, second!.id))).toEqual([{ order: 0 }]));
    expect(sent('PUT', adminApiPaths.pollQuestion(poll.id, first!.id))).toEqual([{ order: 1 }]);
    // The moved question is saved before the one it passed.
    const puts = vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'PUT').map(([input]) => String(input));
    expect(puts[0]).toContain(first!.id);
    // Shown in its new place, as the API has it now.
    await waitFor(() => expect((within(questions).getAllByRole('textbox', { name: 'Question' })[0] as HTMLTextAreaElement).value).toBe('How old are you?'));
    const headings = within(questions).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Question 1', 'Question 2']);
    expect(within(questions).getAllByRole('textbox', { name: 'Question' }).map((field) => (field as HTMLTextAreaElement).value)).toEqual([
      'How old are you?',
      'Did the budget help you?',
    ]);
  });

  it('moves an answer with its up button; its drag handle is described for the keyboard', async () => {
    const poll = pollFixture();
    const question = poll.questions[0]!;
    const { sent } = renderEditor(`/admin/polls/${poll.id}`, pollStore(poll));
    const answers = await screen.findByRole('list', { name: 'Answers to Question 1' });
    const handle = within(answers).getByRole('button', { name: 'Move Answer 1: Yes' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    // jsdom lays nothing out, so the arrow keys' coordinates cannot be followed; the up and down
    // buttons (above) are the keyboard path that is tested end to end. The handle is focusable
    // and described for screen readers:
    expect(document.getElementById(handle.getAttribute('aria-describedby') ?? '')?.textContent).toContain('press Space or Enter to pick it up');
    fireEvent.click(within(answers).getByRole('button', { name: 'Move Answer 2: No up' }));
    await waitFor(() => expect(sent('PUT', adminApiPaths.pollAnswer(poll.id, question.id, question.answers[1]!.id))).toEqual([{ order: 0 }]));
    expect(sent('PUT', adminApiPaths.pollAnswer(poll.id, question.id, question.answers[0]!.id))).toEqual([{ order: 1 }]);
  });

  it('adds a visitor-detail question only once its field is chosen', async () => {
    const poll = pollFixture();
    const { sent } = renderEditor(`/admin/polls/${poll.id}`, {
      [`POST ${adminApiPaths.pollQuestions(poll.id)}`]: ({ init }) => ({ id: 'q-new', answers: [], ...(bodyOf(init) as object) }),
    });
    const form = await screen.findByRole('form', { name: 'Add a question' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'New question' }), { target: { value: 'What is your age?' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Question type' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Visitor detail' }));
    const add = within(form).getByRole('button', { name: 'Add question' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /Visitor detail/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Age bracket' }));
    fireEvent.click(add);
    await waitFor(() =>
      expect(sent('POST', adminApiPaths.pollQuestions(poll.id))).toEqual([{ label: 'What is your age?', type: 2, field: 'ageBracket', order: 2 }]),
    );
  });

  it('says why a question with votes cannot be deleted', async () => {
    const poll = pollFixture();
    const question = poll.questions[0]!;
    renderEditor(`/admin/polls/${poll.id}`, {
      [`DELETE ${adminApiPaths.pollQuestion(poll.id, question.id)}`]: () =>
        jsonResponse({ statusCode: 409, error: 'Conflict', message: 'This question has 3 votes; …' }, 409),
    });
    const errors = expectConsoleErrors();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this question?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This question has votes, so it cannot be deleted. Reword it instead.')).toBeTruthy();
    expect(errors).toHaveBeenCalled();
  });

  it('saves a target on a region', async () => {
    const poll = pollFixture({ targets: [] });
    const { sent } = renderEditor(
      `/admin/polls/${poll.id}`,
      { [`POST ${adminApiPaths.pollTargets(poll.id)}`]: ({ init }) => ({ id: 't-new', ...(bodyOf(init) as object) }) },
      poll,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add target' }));
    const target = await screen.findByRole('form', { name: 'Target 1' });
    expect((within(target).getByRole('button', { name: 'Add this target' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(within(target).getByRole('combobox', { name: 'Regions' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    fireEvent.click(within(target).getByRole('button', { name: 'Add this target' }));
    await waitFor(() =>
      expect(sent('POST', adminApiPaths.pollTargets(poll.id))).toEqual([
        { regionIds: [11], categoryIds: [], publisherId: null, storyId: null, articleId: null, lat: null, lon: null, radius: null },
      ]),
    );
  });
});

describe('the poll’s preview', () => {
  it('asks the questions in order as a reader sees them, without voting, then shows the results so far', async () => {
    const poll = pollFixture();
    const { fetchMock } = renderEditor(`/admin/polls/${poll.id}`);
    const preview = await screen.findByRole('region', { name: 'Preview' });
    fireEvent.click(within(preview).getByRole('radio', { name: 'Yes' }));
    fireEvent.click(within(preview).getByRole('button', { name: 'Vote' }));
    fireEvent.click(await within(preview).findByRole('radio', { name: '35+' }));
    fireEvent.click(within(preview).getByRole('button', { name: 'Vote' }));
    expect(await within(preview).findByText('Did the budget help you?')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/vote'))).toBe(false);
    fireEvent.click(within(preview).getByRole('button', { name: 'Start again' }));
    expect(await within(preview).findByRole('radio', { name: 'Yes' })).toBeTruthy();
  });
});

/** An XMLHttpRequest that the test drives: it reports upload progress and answers when told. */
class FakeUpload {
  static last: FakeUpload | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUpload.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  finish(status: number) {
    this.status = status;
    this.responseText = '{}';
    this.onload?.();
  }
}

describe('the poll’s picture or video', () => {
  it('declares the file, sends its bytes to the upload address with the admin token, and shows how far it has got', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const poll = pollFixture();
    const { sent } = renderEditor(`/admin/polls/${poll.id}`, {
      [`PUT ${adminApiPaths.pollAsset(poll.id)}`]: () => ({
        asset: { fileType: 'image/png', fileName: 'chart.png', url: null },
        uploadUrl: `${adminApiPaths.pollAssetFile(poll.id)}?fileName=chart.png`,
      }),
    });
    const section = await screen.findByRole('region', { name: 'Picture or video' });
    const input = section.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array(2048)], 'chart.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(() => expect(FakeUpload.last).toBeDefined());
    expect(sent('PUT', adminApiPaths.pollAsset(poll.id))).toEqual([{ fileType: 'image/png', fileName: 'chart.png' }]);
    const upload = FakeUpload.last!;
    expect(upload.method).toBe('PUT');
    expect(upload.url).toBe(`${adminApiPaths.pollAssetFile(poll.id)}?fileName=chart.png`);
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png', Authorization: 'Bearer admin-token-1' });
    expect(upload.body).toBe(file);

    act(() => upload.progress(1024, 2048));
    const bar = within(section).getByRole('progressbar', { name: 'Uploading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(within(section).getByText('Uploading… 50%')).toBeTruthy();

    act(() => upload.finish(200));
    await waitFor(() => expect(within(section).queryByRole('progressbar')).toBeNull());
  });

  it('refuses a file of another kind before sending anything', async () => {
    const poll = pollFixture();
    const { sent } = renderEditor(`/admin/polls/${poll.id}`);
    const section = await screen.findByRole('region', { name: 'Picture or video' });
    const input = section.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect(await within(section).findByText(/That kind of file cannot be used/)).toBeTruthy();
    expect(sent('PUT', adminApiPaths.pollAsset(poll.id))).toEqual([]);
  });
});
