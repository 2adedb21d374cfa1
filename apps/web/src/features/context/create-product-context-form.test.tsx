import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsole } from '@/test/console';
import { makeContext } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server, type ApiResolver } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { combineContextContent, CreateProductContextForm } from './create-product-context-form';

/** POST /api/contexts/ as the server answers it: the created context. */
const created: ApiResolver<'post', '/api/contexts/'> = ({ body }) => HttpResponse.json({ ...makeContext(1, body.name, body.content ?? ''), type: body.type ?? 'general' }, { status: 201 });
beforeEach(() => {
  server.use(apiHandler('post', '/api/contexts/', created));
});
/** What the form posted, in order. */
const posted = () => sentRequests.filter((r) => r.method === 'POST' && r.path === '/api/contexts/').map((r) => r.body);

describe('product context form', () => {
  it('appends special features after a blank line and a heading', () => {
    expect(combineContextContent('Does X', '- fast')).toBe('Does X\n\nWhat makes it special:\n- fast');
    expect(combineContextContent('Does X', '  ')).toBe('Does X');
  });

  it('requires a name, then what the product does', async () => {
    await renderWithStore(<CreateProductContextForm />);
    expect(screen.getByText('Tell us about your product so we can help generate ads for you automatically')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Error').closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    await userEvent.type(screen.getByPlaceholderText('Your product name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await userEvent.clear(screen.getByPlaceholderText('Your product name'));
    await userEvent.type(screen.getByPlaceholderText('Your product name'), 'Hookwall');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please provide what your product does')).toBeInTheDocument();
    expect(sentRequests).toEqual([]);
  });

  it('sends name, type product and the combined content, then toasts success', async () => {
    const onSaved = vi.fn();
    await renderWithStore(<CreateProductContextForm onSaved={onSaved} />);
    await userEvent.type(screen.getByPlaceholderText('Your product name'), 'Hookwall');
    await userEvent.type(screen.getByPlaceholderText('Your product helps X solve Y by doing Z'), 'Makes ads');
    await userEvent.type(screen.getByPlaceholderText('You can put bullet points if you want'), 'Fast');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product context created successfully')).toBeInTheDocument();
    expect(posted()).toEqual([{ name: 'Hookwall', type: 'product', content: 'Makes ads\n\nWhat makes it special:\nFast' }]);
    expect(onSaved).toHaveBeenCalled();
  });

  it('counts special features alone as what the product does', async () => {
    await renderWithStore(<CreateProductContextForm />);
    await userEvent.type(screen.getByPlaceholderText('Your product name'), 'Hookwall');
    await userEvent.type(screen.getByPlaceholderText('You can put bullet points if you want'), '- fast');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product context created successfully')).toBeInTheDocument();
    expect(posted()).toEqual([{ name: 'Hookwall', type: 'product', content: '\n\nWhat makes it special:\n- fast' }]);
  });

  it('reads Saving... and is disabled while saving', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      apiHandler('post', '/api/contexts/', async (info) => {
        await answered;
        return created(info);
      }),
    );
    await renderWithStore(<CreateProductContextForm />);
    await userEvent.type(screen.getByPlaceholderText('Your product name'), 'Hookwall');
    await userEvent.type(screen.getByPlaceholderText('Your product helps X solve Y by doing Z'), 'Makes ads');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByText('Success')).toBeInTheDocument();
  });

  it('explains each field in a tooltip', async () => {
    await renderWithStore(<CreateProductContextForm />);
    for (const tip of ['The name of your product, as your customers know it.', 'Who it is for, the problem it solves and how.', 'What sets it apart from the alternatives; used to write hooks.']) {
      expect(screen.getByRole('button', { name: tip })).toBeInTheDocument();
    }
  });

  it('toasts a failure', async () => {
    // the client logs every failed request
    expectConsole(/^Request failed: /);
    expectConsole(/^Failed to create product context/);
    server.use(apiHandler('post', '/api/contexts/', apiError(500, { detail: 'nope' })));
    await renderWithStore(<CreateProductContextForm />);
    await userEvent.type(screen.getByPlaceholderText('Your product name'), 'Hookwall');
    await userEvent.type(screen.getByPlaceholderText('Your product helps X solve Y by doing Z'), 'Makes ads');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to create product context')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
