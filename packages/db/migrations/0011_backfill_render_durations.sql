-- The length of every render still queued or rendering, which the team's quota of queued seconds
-- counts; renders queued from now on get it from the composition's own calculate
-- (packages/video/src/schemas.ts), which this follows: the props stored are the parsed ones, so
-- their defaults are filled in.
UPDATE "render_jobs" SET "duration_seconds" = CASE "composition_id"
  WHEN 'text-wall' THEN coalesce(("input_props"->>'durationInSeconds')::double precision, 10)
  -- (least() skips a NULL, so a missing clip is told apart first)
  WHEN 'hook-product-demo' THEN
    CASE WHEN "input_props"->'hook'->>'durationInSeconds' IS NULL THEN 3
      ELSE least(("input_props"->'hook'->>'durationInSeconds')::double precision, coalesce(("input_props"->>'maxHookSeconds')::double precision, 6)) END
    + CASE WHEN "input_props"->'demo'->>'durationInSeconds' IS NULL THEN 4
      ELSE least(("input_props"->'demo'->>'durationInSeconds')::double precision, coalesce(("input_props"->>'maxDemoSeconds')::double precision, 15)) END
    + coalesce(("input_props"->>'endCardSeconds')::double precision, 0)
  WHEN 'multi-text-wall' THEN greatest(
    (SELECT coalesce(sum(("wall"->>'durationInSeconds')::double precision), 0) FROM jsonb_array_elements(coalesce("input_props"->'walls', '[]'::jsonb)) AS "wall")
    - CASE WHEN "input_props"->>'transition' = 'none' THEN 0 ELSE 0.4 * greatest(jsonb_array_length(coalesce("input_props"->'walls', '[]'::jsonb)) - 1, 0) END,
    0)
  ELSE 0
END
WHERE "status" IN ('queued', 'rendering');
