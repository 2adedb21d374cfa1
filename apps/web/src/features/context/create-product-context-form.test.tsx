import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithStore } from '@/test/render';
import { combineContextContent, CreateProductContextForm } from './create-product-context-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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
    await userEvent.type(screen.getByPlaceholderText('Your product name'), 'Hookwall');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please provide what your product does')).toBeInTheDocument();
  });

  it('sends name, type product and the combined content, then toasts success', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        bodies.push(await request.json());
        return jsonResponse({ id: 1 }, 201);
      }),
    );
    const onSaved = vi.fn();
    await renderWithStore(<CreateProductContextForm onSaved={onSaved} />);
    await userEvent.type(screen.getByPlaceholderText('Your product name'), 'Hookwall');
    await userEvent.type(screen.getByPlaceholderText('Your product helps X solve Y by doing Z'), 'Makes ads');
    await userEvent.type(screen.getByPlaceholderText('You can put bullet points if you want'), 'Fast');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product context created successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Hookwall', type: 'product', content: 'Makes ads\n\nWhat makes it special:\nFast' }]);
    expect(onSaved).toHaveBeenCalled();
  });

  it('toasts a failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ detail: 'nope' }, 500)));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithStore(<CreateProductContextForm />);
    await userEvent.type(screen.getByPlaceholderText('Your product name'), 'Hookwall');
    await userEvent.type(screen.getByPlaceholderText('Your product helps X solve Y by doing Z'), 'Makes ads');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to create product context')).toBeInTheDocument();
  });
});
