import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '@/test/render';
import { ErrorView, NotFoundView } from './error-views';

describe('fallback views', () => {
  it("reads 'Something went wrong!' and toggles the error with Show Error / Hide Error", async () => {
    await renderWithStore(<ErrorView error={new Error('boom: the widget exploded')} reset={() => {}} info={undefined} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.queryByText('boom: the widget exploded')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('boom: the widget exploded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.queryByText('boom: the widget exploded')).not.toBeInTheDocument();
  });

  it("reads 'Not Found'", async () => {
    await renderWithStore(<NotFoundView />);
    expect(screen.getByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });
});
