-- What judging a booking against its organization's rules needs (src/domain/booking-rules.ts), read under the
-- person's lock so that two bookings of one person are judged one after the other: of 100 concurrent requests by
-- one person for different desks in the same slot, the first commits and the 99 others, waiting on the lock, then
-- see it. PL/pgSQL because each statement of a VOLATILE function takes a fresh snapshot in READ COMMITTED: the
-- read below sees what the previous holder of the lock committed, which a read in the calling statement (whose
-- snapshot predates the wait) would not. The lock is held to the end of the booking's transaction.
--
-- The rules read first decide whether the lock is needed: a change of rules commits between two bookings, never
-- inside one's judgement, and a booking judged under the old rules is one made before the change.
--
-- Answers null for an unknown organization, else the booker's and the person's roles (null: not a member), the
-- person's name, the organization's today, its rules, and the person's active one-off bookings from from_date to
-- to_date with their desks' ids and names.
CREATE FUNCTION perch_booking_rules_context(organization uuid, person uuid, booker uuid, from_date date, to_date date)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  o organizations%ROWTYPE;
  booker_role text;
  person_role text;
  person_row jsonb;
  needs_held boolean;
  held jsonb := '[]'::jsonb;
BEGIN
  -- One plain statement per read, none with a branch in it: each is planned once and its generic plan kept (a
  -- CASE on a variable made PostgreSQL plan the whole answer again at every call, about 1 ms each).
  SELECT * INTO o FROM organizations WHERE id = organization;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT role INTO booker_role FROM memberships WHERE organization_id = organization AND user_id = booker;
  IF person = booker THEN
    person_role := booker_role;
  ELSE
    SELECT role INTO person_role FROM memberships WHERE organization_id = organization AND user_id = person;
  END IF;
  SELECT jsonb_build_object('firstName', first_name, 'lastName', last_name, 'email', email) INTO person_row
    FROM users WHERE id = person;
  -- The person's bookings (and the lock that makes them current) matter only to one desk per person and to a quota
  -- the booker is not exempt from (needsHeldBookings in booking-rules.ts); under neither, nothing is read or locked.
  needs_held := o.one_desk_per_person
    OR (o.max_bookings_per_week IS NOT NULL AND NOT (o.admins_exempt_from_limits AND booker_role = 'admin'));
  IF needs_held THEN
    PERFORM pg_advisory_xact_lock(hashtextextended(organization::text || person::text, 7472));
    -- After the lock was granted: a statement of its own, so a snapshot of its own.
    SELECT coalesce(jsonb_agg(jsonb_build_object('deskId', d.id, 'deskName', d.name,
        'bookingDate', b.booking_date::text, 'timeSlot', b.time_slot) ORDER BY b.booking_date), '[]'::jsonb)
      INTO held
      FROM bookings b JOIN desks d ON d.id = b.desk_id
      WHERE b.user_id = person AND b.organization_id = organization AND b.status = 'active' AND NOT b.is_permanent
        AND b.booking_date BETWEEN from_date AND to_date;
  END IF;
  RETURN jsonb_build_object(
    'bookerRole', booker_role,
    'personRole', person_role,
    'person', person_row,
    'today', ((now() AT TIME ZONE o.time_zone)::date)::text,
    'rules', jsonb_build_object(
      'oneDeskPerPerson', o.one_desk_per_person,
      'maxDaysAhead', o.max_days_ahead,
      'maxBookingsPerWeek', o.max_bookings_per_week,
      'adminsExempt', o.admins_exempt_from_limits),
    'held', held);
END;
$$;
