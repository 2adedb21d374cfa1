import type { BrandKit } from '@/api/api';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { DEFAULT_KIT, NO_KIT, type KitChoice } from './kit-look';

/** Which brand kit the videos take: the team's default, another kit, or none; a link to make one when the team has none. */
export function KitPicker({ id, value, kits, onChange, error }: { id: string; value: KitChoice; kits: BrandKit[]; onChange: (choice: KitChoice, kit: BrandKit | null) => void; error?: string }) {
  const byDefault = kits.find((k) => k.is_default);
  if (kits.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Brand kit: none yet. <a className="underline underline-offset-2" href="/brand">Make one on the Brand page</a> to put your logo, colours and font on every video.
      </p>
    );
  }
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Brand kit</Label>
      <Select
        value={value}
        onValueChange={(v) => onChange(v, v === NO_KIT ? null : v === DEFAULT_KIT ? (byDefault ?? null) : (kits.find((k) => k.id === v) ?? null))}
      >
        <SelectTrigger id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {byDefault && <SelectItem value={DEFAULT_KIT}>{`${byDefault.name} (default)`}</SelectItem>}
          {kits
            .filter((k) => !k.is_default)
            .map((kit) => (
              <SelectItem key={kit.id} value={kit.id}>
                {kit.name}
              </SelectItem>
            ))}
          <SelectItem value={NO_KIT}>No brand kit</SelectItem>
        </SelectContent>
      </Select>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
