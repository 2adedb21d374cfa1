import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BrandVideo } from '@/api/api';
import { page } from '@/test/fixtures';
import { expectConsole } from '@/test/console';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { BackgroundsStep } from './backgrounds-step';
import { makeBackground, makeClip, readState, StepHarness } from './test-harness';

const library = [
  makeBackground('bg-1', 'Sunset gradient'),
  makeBackground('bg-2', 'Beach', { is_builtin: false }),
  // made earlier from the clip "Hook clip": shown as that clip, not twice
  makeBackground('bg-3', 'Hook clip', { is_builtin: false, source_brand_video_id: 'clip-2' }),
];
const clips = [makeClip('clip-1', 'Serum demo'), makeClip('clip-2', 'Hook clip', { kind: 'hook', width: 1080, height: 1920 })];

function renderStep({ backgrounds = library, teamClips = clips, combine = 'cycle' }: { backgrounds?: typeof library; teamClips?: BrandVideo[]; combine?: 'cycle' | 'matrix' } = {}) {
  server.use(apiHandler('get', '/api/brand-videos/', page(teamClips)));
  return renderWithStore(
    <StepHarness>
      {(state, dispatch) => <BackgroundsStep teamSlug="acme" backgrounds={backgrounds} isLoading={false} backgroundIds={state.backgroundIds} style={state.style} combine={combine} dispatch={dispatch} />}
    </StepHarness>,
  );
}

const state = () => readState(screen.getByLabelText('Builder state'));
const group = (name: string) => screen.getByRole('region', { name });

describe('the backgrounds step', () => {
  it("shows the team's clips, its own backgrounds and the built-in set apart, and chooses them in turn", async () => {
    await renderStep();
    expect(await within(group('Your clips')).findByRole('checkbox', { name: 'Use Serum demo' })).toBeInTheDocument();
    expect(within(group('Your clips')).getByText('Product demo')).toBeInTheDocument();
    expect(within(group('Your clips')).getByText('Landscape')).toBeInTheDocument();
    expect(within(group('Your backgrounds')).getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'))).toEqual(['Use Beach']);
    expect(within(group('Built-in')).getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'))).toEqual(['Use Sunset gradient']);
    // each clip's thumbnail keeps its shape
    const thumbs = within(group('Your clips')).getAllByRole('presentation', { hidden: true });
    expect(thumbs.map((img) => (img as HTMLImageElement).style.aspectRatio)).toEqual(['1920 / 1080', '1080 / 1920']);

    expect(screen.getByText('None chosen: the brand gradient is used')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use Beach' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use Sunset gradient' }));
    // a clip that is a background already is chosen as it is, with no call
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use Hook clip' }));
    expect(screen.getByText('3 chosen: used in turn')).toBeInTheDocument();
    expect(state().backgroundIds).toEqual(['bg-2', 'bg-1', 'bg-3']);
    expect(sentRequests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use Beach' }));
    expect(screen.getByRole('checkbox', { name: 'Use Beach' })).not.toBeChecked();
    expect(state().backgroundIds).toEqual(['bg-1', 'bg-3']);
  });

  it('says each text goes over every chosen background in a test matrix', async () => {
    await renderStep({ combine: 'matrix' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Use Beach' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use Sunset gradient' }));
    expect(screen.getByText('2 chosen: every text over each')).toBeInTheDocument();
  });

  it('makes a clip a background when it is chosen, then chooses that background', async () => {
    let answer!: (value: Response) => void;
    server.use(
      apiHandler('post', '/api/text-wall-background-videos/from_brand_video/', ({ body }) =>
        new Promise<Response>((resolve) => (answer = resolve)).then(() =>
          HttpResponse.json(makeBackground('bg-9', 'Serum demo', { is_builtin: false, source_brand_video_id: body.brand_video_id }), { status: 201 }),
        ),
      ),
    );
    await renderStep();
    const box = await screen.findByRole('checkbox', { name: 'Use Serum demo' });
    await userEvent.click(box);
    // a spinner on the tile while the clip is copied
    expect(await screen.findByText('Preparing Serum demo…')).toBeInTheDocument();
    expect(box).toBeDisabled();
    await waitFor(() => expect(sentRequests.find((r) => r.path === '/api/text-wall-background-videos/from_brand_video/')?.body).toEqual({ brand_video_id: 'clip-1' }));
    answer(new Response());
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Use Serum demo' })).toBeChecked());
    expect(state().backgroundIds).toEqual(['bg-9']);
    expect(screen.queryByText('Preparing Serum demo…')).not.toBeInTheDocument();
    // chosen again: unchosen, without a second call
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use Serum demo' }));
    expect(state().backgroundIds).toEqual([]);
    expect(sentRequests.filter((r) => r.path === '/api/text-wall-background-videos/from_brand_video/')).toHaveLength(1);
  });

  it('keeps the clicked order: a clip chosen first stays first though its background is made after', async () => {
    let answer!: (value: Response) => void;
    server.use(
      apiHandler('post', '/api/text-wall-background-videos/from_brand_video/', ({ body }) =>
        new Promise<Response>((resolve) => (answer = resolve)).then(() =>
          HttpResponse.json(makeBackground('bg-9', 'Serum demo', { is_builtin: false, source_brand_video_id: body.brand_video_id }), { status: 201 }),
        ),
      ),
    );
    await renderStep();
    // background clips are muted: said in the step
    expect(screen.getByText('Background clips play muted: a voice (the next step) gives a text wall its sound.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Use Serum demo' }));
    await waitFor(() => expect(sentRequests.some((r) => r.path === '/api/text-wall-background-videos/from_brand_video/')).toBe(true));
    // chosen while the clip is still being made a background
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use Sunset gradient' }));
    expect(state().backgroundIds).toEqual(['bg-1']);
    answer(new Response());
    await waitFor(() => expect(state().backgroundIds).toEqual(['bg-9', 'bg-1']));
  });

  it('says why a clip could not be used, and chooses nothing', async () => {
    expectConsole(/Request failed: POST \/api\/text-wall-background-videos\/from_brand_video\//);
    server.use(apiHandler('post', '/api/text-wall-background-videos/from_brand_video/', apiError(400, { brand_video_id: ['This clip is not ready yet: choose it once its upload has finished.'] })));
    await renderStep();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Use Serum demo' }));
    expect(await screen.findByText('Could not use Serum demo')).toBeInTheDocument();
    expect(screen.getByText('This clip is not ready yet: choose it once its upload has finished.')).toBeInTheDocument();
    expect(state().backgroundIds).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Use Serum demo' })).toBeEnabled();
  });

  it('points to Product demos while the team has no clips, and says when the library is empty', async () => {
    await renderStep({ backgrounds: [], teamClips: [] });
    const clipsGroup = group('Your clips');
    expect(await within(clipsGroup).findByText(/No clips yet\./)).toBeInTheDocument();
    expect(within(clipsGroup).getAllByRole('link', { name: 'Product demos' })[0]).toHaveAttribute('href', '/product-demos');
    expect(within(group('Your backgrounds')).getByText(/Nothing uploaded here yet/)).toBeInTheDocument();
    expect(screen.getByText('The background library is still being prepared. Your videos can use the brand gradient meanwhile.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a background' })).toBeEnabled();
  });

  it('places clips of another shape by fill, fit with a bar colour, or blurred fill, from the keyboard', async () => {
    await renderStep();
    const placement = screen.getByRole('group', { name: 'Clips of another shape' });
    const fill = within(placement).getByRole('radio', { name: 'Fill', description: 'Crop to cover the frame' });
    expect(fill).toBeChecked();
    expect(within(placement).queryByLabelText('Bar colour')).not.toBeInTheDocument();
    fill.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(placement).getByRole('radio', { name: 'Fit' })).toBeChecked();
    expect(state().style).toMatchObject({ clipFit: 'fit', barColor: '#000000' });
    fireEvent.input(within(placement).getByLabelText('Bar colour'), { target: { value: '#ff3366' } });
    expect(state().style).toMatchObject({ clipFit: 'fit', barColor: '#ff3366', preset: 'bold' });
    await userEvent.click(within(placement).getByRole('radio', { name: 'Blurred fill' }));
    expect(state().style.clipFit).toBe('blur');
    expect(within(placement).queryByLabelText('Bar colour')).not.toBeInTheDocument();
  });
});
