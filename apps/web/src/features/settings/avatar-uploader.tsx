import { Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api } from '@/api/api';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { userLoaded } from '@/app/session-slice';
import { absoluteMediaUrl, initialsOf } from '@/lib/utils';
import { isAcceptedAvatar, resizeImage, RESIZE_THRESHOLD_BYTES, uploadAvatar } from './avatar-upload';

function withCacheBust(url: string | undefined, stamp: number) {
  if (!url) return undefined;
  return `${url}${url.includes('?') ? '&' : '?'}t=${stamp}`;
}

export function AvatarUploader() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [stamp, setStamp] = useState(() => Date.now());
  const [isUploading, setIsUploading] = useState(false);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const clear = () => {
    setFile(null);
    setPreview(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onSelect = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const selected = event.target.files?.[0];
    if (!selected) return;
    if (!isAcceptedAvatar(selected)) {
      toast({ variant: 'destructive', title: 'Unsupported file format', description: 'Please upload a valid image file (SVG, PNG, JPG or GIF). Other file formats are not supported.' });
      clear();
      return;
    }
    let chosen = selected;
    if (selected.size > RESIZE_THRESHOLD_BYTES && selected.type !== 'image/svg+xml') {
      toast({ variant: 'info', title: 'Large image detected', description: 'Your image is over 1 MB, so we will resize it before uploading.' });
      toast({ variant: 'info', title: 'Resizing image', description: 'This only takes a moment.' });
      try {
        chosen = await resizeImage(selected);
      } catch (error) {
        console.error('Resizing failed; uploading the original', error);
      }
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
    toast({ variant: 'info', title: 'Image selected', description: 'Click Save to update your profile photo.' });
  };

  const onSave = async () => {
    if (!file) return;
    setIsUploading(true);
    try {
      await uploadAvatar(file, dispatch);
      const result = await dispatch(api.endpoints.getApiAuthUser.initiate(undefined, { forceRefetch: true }));
      if (!result.data) throw new Error('Failed to retrieve updated user data');
      dispatch(userLoaded(result.data));
      setStamp(Date.now());
      clear();
      toast({ variant: 'success', title: 'Profile photo updated', description: 'Your new profile photo has been uploaded and is now visible to other users.' });
    } catch (error) {
      console.error('Avatar upload failed', error);
      const message = error instanceof Error && error.message ? error.message : '';
      toast({
        variant: 'destructive',
        title: 'Profile photo upload failed',
        description: message || 'There was a problem uploading your profile photo. Please try again with a different image.',
      });
    } finally {
      setIsUploading(false);
    }
  };

  const shown = preview ?? withCacheBust(absoluteMediaUrl(user?.avatar_url), stamp);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar className="size-20">
        {shown && <AvatarImage src={shown} alt={preview ? 'New profile photo preview' : 'Your profile photo'} />}
        <AvatarFallback className="text-lg">{initialsOf(user?.get_display_name || user?.email || '?')}</AvatarFallback>
      </Avatar>
      <div className="flex flex-wrap items-center gap-2">
        <input ref={inputRef} id="avatar-file" type="file" accept="image/png,image/jpeg,image/gif,image/svg+xml" aria-label="Profile photo file" className="sr-only" onChange={(e) => void onSelect(e)} />
        <Button variant="outline" onClick={() => inputRef.current?.click()} aria-controls="avatar-file">
          <Upload aria-hidden /> Choose photo
        </Button>
        {file && (
          <>
            <Button variant="ghost" onClick={clear} disabled={isUploading}>
              Cancel
            </Button>
            <Button onClick={() => void onSave()} disabled={isUploading}>
              {isUploading ? 'Saving...' : 'Save'}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
