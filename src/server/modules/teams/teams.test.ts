import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maxTeamMembersPerRequest, maxTeamsPerOrganization, teamMessages } from '#domain/neighbourhoods.ts';
import { teamMembersTooLarge } from '#domain/teams.ts';
import { book, createOrganization, setBookingRules, type TestOrganization } from '#test-support/bookings.ts';
import { expectRefusal, insertMembership, signUp, startTestAppForFile } from '#test-support/harness.ts';
import { addTeam, setTeamMembers, teamAuditOf, teamMemberIds, teamsOf } from '#test-support/teams.ts';

// Teams (issue 29) through the API: who may read and change them, their limits, and who is in them. How a team's
// limits judge bookings is the booking rules' (bookings/neighbourhood-rules.test.ts, domain/teams.test.ts); here only that the API's limits reach them.

const testApp = startTestAppForFile();

/** A person signed up and made a member (or admin) of the organization. */
async function joined(organization: TestOrganization, firstName: string, role: 'admin' | 'member' = 'member') {
  const person = await signUp(testApp, { firstName, lastName: 'Tester' });
  await insertMembership(testApp, organization.id, person.user.id, role);
  return person;
}

describe('the teams of an organization', () => {
  it('adds a team with the defaults, lists teams by name for every member with their size and whether the caller is in, and audits it', async () => {
    const organization = await createOrganization(testApp);
    const member = await joined(organization, 'Mia');
    const created = await organization.admin.client.post(`/api/organizations/${organization.id}/teams`, {
      name: '  engineering ',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      organizationId: organization.id,
      name: 'engineering',
      colour: '#2563eb',
      maxDaysAhead: null,
      maxBookingsPerWeek: null,
      memberCount: 0,
      includesMe: false,
      createdAt: expect.any(String),
    });
    const design = await addTeam(organization, { name: 'Design', colour: '#DC2626', maxDaysAhead: 30 });
    expect(design).toMatchObject({ colour: '#dc2626', maxDaysAhead: 30, maxBookingsPerWeek: null });
    await addTeam(organization, { name: 'Accounts' });
    await setTeamMembers(organization, design.id, [member.user.id, organization.admin.user.id]);

    const asMember = await teamsOf(organization, member.client);
    expect(asMember.map((team) => [team.name, team.memberCount, team.includesMe])).toEqual([
      ['Accounts', 0, false],
      ['Design', 2, true],
      ['engineering', 0, false],
    ]);
    expect(await teamAuditOf(testApp, organization.id, 'team.created')).toContainEqual({
      target_id: created.body.id,
      details: { name: 'engineering', colour: '#2563eb', maxDaysAhead: null, maxBookingsPerWeek: null },
    });
  });

  it('answers 404 Organization not found to someone outside the organization, for reading and adding', async () => {
    const organization = await createOrganization(testApp);
    await addTeam(organization, { name: 'Secret squad' });
    const other = await createOrganization(testApp);
    for (const client of [other.admin.client, (await signUp(testApp)).client]) {
      const read = await client.get(`/api/organizations/${organization.id}/teams`);
      expectRefusal(read, 404, 'Organization not found.');
      expect(read.text).not.toContain('Secret squad');
      const add = await client.post(`/api/organizations/${organization.id}/teams`, { name: 'Intruders' });
      expectRefusal(add, 404, 'Organization not found.');
    }
    expectRefusal(
      await organization.admin.client.get('/api/organizations/not-a-uuid/teams'),
      404,
      'Organization not found.',
    );
    expect((await teamsOf(organization)).map((team) => team.name)).toEqual(['Secret squad']);
  });

  it.each([
    ['a blank name', { name: '  ' }, `${teamMessages.nameRequired} (name)`],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, `${teamMessages.nameTooLong} (name)`],
    ['a control character', { name: 'Eng\u0007' }, `${teamMessages.nameCharacters} (name)`],
    ['a colour that is not #rrggbb', { name: 'Eng', colour: 'red' }, `${teamMessages.colour} (colour)`],
    [
      'days per week of 8',
      { name: 'Eng', maxBookingsPerWeek: 8 },
      'Days per week can be at most 7 (maxBookingsPerWeek)',
    ],
    ['negative days ahead', { name: 'Eng', maxDaysAhead: -1 }, 'Days ahead cannot be negative (maxDaysAhead)'],
    ['an unknown field', { name: 'Eng', organizationId: randomUUID() }, /organizationId/],
  ])('refuses a new team with %s with 400 and its sentence', async (_label, body, message) => {
    const organization = await createOrganization(testApp);
    const response = await organization.admin.client.post(`/api/organizations/${organization.id}/teams`, body);
    expectRefusal(response, 400, message);
    expect(await teamsOf(organization)).toEqual([]);
  });

  it('refuses a second team of the same name in any case with 409, on adding and on renaming', async () => {
    const organization = await createOrganization(testApp);
    await addTeam(organization, { name: 'Design' });
    const other = await addTeam(organization, { name: 'Finance' });
    const again = await organization.admin.client.post(`/api/organizations/${organization.id}/teams`, {
      name: 'DESIGN',
    });
    expectRefusal(again, 409, teamMessages.nameTaken('DESIGN'));
    const renamed = await organization.admin.client.request('PUT', `/api/teams/${other.id}`, { name: 'design' });
    expectRefusal(renamed, 409, teamMessages.nameTaken('design'));
    // Another organization may use the name, and a team may change the case of its own.
    await addTeam(await createOrganization(testApp), { name: 'Design' });
    const recased = await organization.admin.client.request('PUT', `/api/teams/${other.id}`, { name: 'FINANCE' });
    expect(recased.status, recased.text).toBe(200);
    expect((await teamsOf(organization)).map((team) => team.name)).toEqual(['Design', 'FINANCE']);
  });

  it('lets exactly one of ten simultaneous creations of the same name through, and refuses the others with 409, never a 5xx', async () => {
    const organization = await createOrganization(testApp);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        organization.admin.client.post(`/api/organizations/${organization.id}/teams`, {
          name: index % 2 ? 'Night shift' : 'night SHIFT',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const answer of answers.filter((one) => one.status === 409)) {
      expect(answer.body.message).toMatch(/^A team called night shift already exists\.$/i);
    }
    expect(await teamsOf(organization)).toHaveLength(1);
  });

  it(`keeps an organization at ${maxTeamsPerOrganization} teams, also when the last places are raced for`, async () => {
    const organization = await createOrganization(testApp);
    await testApp.database.sql.query(
      `INSERT INTO teams (organization_id, name, colour)
       SELECT $1, 'Squad ' || n, '#2563eb' FROM generate_series(1, $2::int) AS n`,
      [organization.id, maxTeamsPerOrganization - 2],
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        organization.admin.client.post(`/api/organizations/${organization.id}/teams`, { name: `Late ${index}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.status === 409)) {
      expect(answer.body.message).toBe(teamMessages.tooMany);
    }
    expect(await teamsOf(organization)).toHaveLength(maxTeamsPerOrganization);
  });
});

describe('changing and deleting a team', () => {
  it('changes any of its fields, answers the team, audits what changed, and records nothing when nothing did', async () => {
    const organization = await createOrganization(testApp);
    const team = await addTeam(organization, { name: 'Design', maxBookingsPerWeek: 3 });
    const response = await organization.admin.client.request('PUT', `/api/teams/${team.id}`, {
      name: 'Product design',
      colour: '#9333ea',
      maxDaysAhead: 60,
      maxBookingsPerWeek: null,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      id: team.id,
      name: 'Product design',
      colour: '#9333ea',
      maxDaysAhead: 60,
      maxBookingsPerWeek: null,
      memberCount: 0,
    });
    const same = await organization.admin.client.request('PUT', `/api/teams/${team.id}`, { name: 'Product design' });
    expect(same.status).toBe(200);
    expect(await teamAuditOf(testApp, organization.id, 'team.updated')).toEqual([
      {
        target_id: team.id,
        details: {
          name: 'Product design',
          changes: {
            name: { from: 'Design', to: 'Product design' },
            colour: { from: '#2563eb', to: '#9333ea' },
            maxDaysAhead: { from: null, to: 60 },
            maxBookingsPerWeek: { from: 3, to: null },
          },
        },
      },
    ]);
  });

  it('deletes a team with a sentence, keeps its people in the organization, and audits it', async () => {
    const organization = await createOrganization(testApp);
    const member = await joined(organization, 'Raj');
    const team = await addTeam(organization, { name: 'Finance' });
    await setTeamMembers(organization, team.id, [member.user.id]);
    const response = await organization.admin.client.request('DELETE', `/api/teams/${team.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      message: 'Finance was deleted; the 1 person in it is still a member of the organization.',
    });
    expect(await teamsOf(organization)).toEqual([]);
    expect(await teamMemberIds(testApp, team.id)).toEqual([]);
    const members = await organization.admin.client.get(`/api/organizations/${organization.id}/members`);
    expect(members.body.map((row: { userId: string }) => row.userId)).toContain(member.user.id);
    expect(await teamAuditOf(testApp, organization.id, 'team.deleted')).toEqual([
      { target_id: team.id, details: { name: 'Finance', memberCount: 1 } },
    ]);
    expectRefusal(
      await organization.admin.client.request('DELETE', `/api/teams/${team.id}`),
      404,
      teamMessages.notFound,
    );
  });

  it('refuses a member who is not an admin with 403 on every change, and changes nothing', async () => {
    const organization = await createOrganization(testApp);
    const member = await joined(organization, 'Mia');
    const team = await addTeam(organization, { name: 'Design' });
    await setTeamMembers(organization, team.id, [member.user.id]);
    const attempts = [
      member.client.post(`/api/organizations/${organization.id}/teams`, { name: 'Mine' }),
      member.client.request('PUT', `/api/teams/${team.id}`, { name: 'Taken over' }),
      member.client.request('DELETE', `/api/teams/${team.id}`),
      member.client.request('PUT', `/api/teams/${team.id}/members`, { userIds: [] }),
      member.client.post(`/api/teams/${team.id}/members`, { userIds: [member.user.id] }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expectRefusal(answer, 403, 'Only administrators of this organization can do that.');
    }
    expect((await teamsOf(organization)).map((one) => [one.name, one.memberCount])).toEqual([['Design', 1]]);
  });

  it('answers 404 Team not found alike for another organization’s team, an unknown id and a non-uuid, on every team call', async () => {
    const organization = await createOrganization(testApp);
    const team = await addTeam(organization, { name: 'Design' });
    const other = await createOrganization(testApp);
    const calls = (teamId: string) =>
      [
        ['PUT', `/api/teams/${teamId}`, { name: 'Hijacked' }],
        ['DELETE', `/api/teams/${teamId}`, undefined],
        ['GET', `/api/teams/${teamId}/members`, undefined],
        ['PUT', `/api/teams/${teamId}/members`, { userIds: [other.admin.user.id] }],
        ['POST', `/api/teams/${teamId}/members`, { userIds: [other.admin.user.id] }],
      ] as const;
    for (const [method, url, body] of calls(team.id)) {
      const answer = await other.admin.client.request(method, url, body);
      expectRefusal(answer, 404, teamMessages.notFound);
      expect(answer.text).not.toContain('Design');
    }
    for (const teamId of [randomUUID(), 'not-a-uuid', `${team.id.slice(0, 35)}g`]) {
      for (const [method, url, body] of calls(teamId)) {
        expectRefusal(await organization.admin.client.request(method, url, body), 404, teamMessages.notFound);
      }
    }
    expect(await teamsOf(organization)).toMatchObject([{ name: 'Design', memberCount: 0 }]);
  });
});

describe('the people of a team', () => {
  it('sets them as a whole list (once each), answers and shows them by name, and audits who came and went', async () => {
    const organization = await createOrganization(testApp);
    const [zoe, ana, raj] = [
      await joined(organization, 'Zoe'),
      await joined(organization, 'Ana'),
      await joined(organization, 'Raj'),
    ];
    const team = await addTeam(organization, { name: 'Design' });
    const first = await setTeamMembers(organization, team.id, [zoe.user.id, ana.user.id, zoe.user.id.toUpperCase()]);
    expect(first.userIds).toEqual([ana.user.id, zoe.user.id]);
    expect(first.members[0]).toEqual({ userId: ana.user.id, firstName: 'Ana', lastName: 'Tester', email: ana.email });
    const second = await setTeamMembers(organization, team.id, [ana.user.id, raj.user.id]);
    expect(second.userIds).toEqual([ana.user.id, raj.user.id]);
    expect(await teamMemberIds(testApp, team.id)).toEqual([ana.user.id, raj.user.id].sort());
    await setTeamMembers(organization, team.id, [raj.user.id, ana.user.id]);

    const audits = await teamAuditOf(testApp, organization.id, 'team.members_changed');
    expect(audits.map((audit) => audit.details)).toEqual([
      {
        name: 'Design',
        added: [
          { name: 'Ana Tester', email: ana.email },
          { name: 'Zoe Tester', email: zoe.email },
        ],
        addedCount: 2,
        removed: [],
        removedCount: 0,
        memberCount: 2,
      },
      {
        name: 'Design',
        added: [{ name: 'Raj Tester', email: raj.email }],
        addedCount: 1,
        removed: [{ name: 'Zoe Tester', email: zoe.email }],
        removedCount: 1,
        memberCount: 2,
      },
    ]);
  });

  it('shows them to admins and to the team’s own members, and refuses other members with 403', async () => {
    const organization = await createOrganization(testApp);
    const inside = await joined(organization, 'Ina');
    const outside = await joined(organization, 'Otto');
    const team = await addTeam(organization, { name: 'Design' });
    await setTeamMembers(organization, team.id, [inside.user.id]);
    const asInsider = await inside.client.get(`/api/teams/${team.id}/members`);
    expect(asInsider.status, asInsider.text).toBe(200);
    expect(asInsider.body.userIds).toEqual([inside.user.id]);
    const asOutsider = await outside.client.get(`/api/teams/${team.id}/members`);
    expect(asOutsider.status).toBe(403);
    expect(asOutsider.text).not.toContain(inside.email);
  });

  it.each([
    ['someone of no organization', 'stranger'],
    ['a member of another organization', 'other'],
    ['an unknown id', 'unknown'],
    ['a non-uuid', 'malformed'],
  ])('refuses a list naming %s with 422 and writes nothing', async (_label, kind) => {
    const organization = await createOrganization(testApp);
    const member = await joined(organization, 'Mia');
    const team = await addTeam(organization, { name: 'Design' });
    await setTeamMembers(organization, team.id, [member.user.id]);
    const other = await createOrganization(testApp);
    const intruder = {
      stranger: async () => (await signUp(testApp)).user.id as string,
      other: async () => other.admin.user.id as string,
      unknown: async () => randomUUID(),
      malformed: async () => 'not-a-uuid',
    }[kind as 'stranger']!;
    const response = await organization.admin.client.request('PUT', `/api/teams/${team.id}/members`, {
      userIds: [organization.admin.user.id, await intruder()],
    });
    expectRefusal(response, 422, teamMessages.notMembers);
    expect(await teamMemberIds(testApp, team.id)).toEqual([member.user.id]);
    expect(await teamAuditOf(testApp, organization.id, 'team.members_changed')).toHaveLength(1);
  });

  it('refuses a list longer than one request may carry with 400, and answers 422 quickly for a long list of strangers', async () => {
    const organization = await createOrganization(testApp);
    const team = await addTeam(organization, { name: 'Design' });
    const tooLong = Array.from({ length: maxTeamMembersPerRequest + 1 }, () => randomUUID());
    expectRefusal(
      await organization.admin.client.request('PUT', `/api/teams/${team.id}/members`, { userIds: tooLong }),
      400,
      `A team can be given at most ${maxTeamMembersPerRequest} people at once (userIds)`,
    );
    const strangers = tooLong.slice(0, maxTeamMembersPerRequest);
    expectRefusal(
      await organization.admin.client.request('PUT', `/api/teams/${team.id}/members`, { userIds: strangers }),
      422,
      teamMessages.notMembers,
    );
    expect(await teamMemberIds(testApp, team.id)).toEqual([]);
  });

  it('refuses a body past its limit with 413 and a sentence, and a member’s big body with 403 before reading it', async () => {
    const organization = await createOrganization(testApp);
    const member = await joined(organization, 'Mia');
    const team = await addTeam(organization, { name: 'Design' });
    const huge = { userIds: Array.from({ length: 3_000 }, () => 'x'.repeat(99)) };
    expectRefusal(
      await organization.admin.client.request('PUT', `/api/teams/${team.id}/members`, huge),
      413,
      teamMembersTooLarge,
    );
    expectRefusal(
      await member.client.request('PUT', `/api/teams/${team.id}/members`, huge),
      403,
      'Only administrators of this organization can do that.',
    );
  });

  it('adds people without taking anyone out, once each, answers who was new, and audits only who came', async () => {
    const organization = await createOrganization(testApp);
    const [zoe, ana, raj] = [
      await joined(organization, 'Zoe'),
      await joined(organization, 'Ana'),
      await joined(organization, 'Raj'),
    ];
    const team = await addTeam(organization, { name: 'Design' });
    await setTeamMembers(organization, team.id, [zoe.user.id]);
    const response = await organization.admin.client.post(`/api/teams/${team.id}/members`, {
      userIds: [ana.user.id, zoe.user.id, ana.user.id.toUpperCase(), raj.user.id],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.userIds).toEqual([ana.user.id, raj.user.id, zoe.user.id]);
    expect([...response.body.addedUserIds].sort()).toEqual([ana.user.id, raj.user.id].sort());
    expect(response.body.members[0]).toEqual({
      userId: ana.user.id,
      firstName: 'Ana',
      lastName: 'Tester',
      email: ana.email,
    });

    const again = await organization.admin.client.post(`/api/teams/${team.id}/members`, { userIds: [raj.user.id] });
    expect(again.status, again.text).toBe(200);
    expect(again.body.addedUserIds).toEqual([]);
    expect(await teamMemberIds(testApp, team.id)).toEqual([zoe.user.id, ana.user.id, raj.user.id].sort());
    const audits = await teamAuditOf(testApp, organization.id, 'team.members_changed');
    expect(audits.map((audit) => audit.details)).toEqual([
      expect.objectContaining({ addedCount: 1, memberCount: 1 }),
      {
        name: 'Design',
        added: [
          { name: 'Ana Tester', email: ana.email },
          { name: 'Raj Tester', email: raj.email },
        ],
        addedCount: 2,
        removed: [],
        removedCount: 0,
        memberCount: 3,
      },
    ]);
  });

  it('keeps both admins’ additions when two add people to the same team at once, never a 5xx', async () => {
    const organization = await createOrganization(testApp);
    const secondAdmin = await joined(organization, 'Sam', 'admin');
    const people = [];
    for (let index = 0; index < 8; index += 1) people.push(await joined(organization, `Person${index}`));
    const team = await addTeam(organization, { name: 'Design' });
    const ids = people.map((person) => person.user.id as string);
    const [first, second] = [ids.slice(0, 5), ids.slice(3)];
    for (let round = 0; round < 5; round += 1) {
      await setTeamMembers(organization, team.id, []);
      const answers = await Promise.all([
        organization.admin.client.post(`/api/teams/${team.id}/members`, { userIds: first }),
        secondAdmin.client.post(`/api/teams/${team.id}/members`, { userIds: second }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await teamMemberIds(testApp, team.id)).toEqual([...ids].sort());
      // Each person came once, whichever request added them.
      const added = answers.flatMap((answer) => answer.body.addedUserIds as string[]);
      expect(added.sort()).toEqual([...ids].sort());
    }
  });

  it.each([
    ['someone of no organization', 'stranger'],
    ['a member of another organization', 'other'],
    ['an unknown id', 'unknown'],
    ['a non-uuid', 'malformed'],
  ])('refuses an addition naming %s with 422 and adds nobody', async (_label, kind) => {
    const organization = await createOrganization(testApp);
    const member = await joined(organization, 'Mia');
    const newcomer = await joined(organization, 'Neo');
    const team = await addTeam(organization, { name: 'Design' });
    await setTeamMembers(organization, team.id, [member.user.id]);
    const other = await createOrganization(testApp);
    const intruder = {
      stranger: async () => (await signUp(testApp)).user.id as string,
      other: async () => other.admin.user.id as string,
      unknown: async () => randomUUID(),
      malformed: async () => 'not-a-uuid',
    }[kind as 'stranger']!;
    const response = await organization.admin.client.post(`/api/teams/${team.id}/members`, {
      userIds: [newcomer.user.id, await intruder()],
    });
    expectRefusal(response, 422, teamMessages.notMembers);
    expect(await teamMemberIds(testApp, team.id)).toEqual([member.user.id]);
    expect(await teamAuditOf(testApp, organization.id, 'team.members_changed')).toHaveLength(1);
  });

  it('lets no admin of another organization add their people, or anyone, to a team, and says nothing of it', async () => {
    const organization = await createOrganization(testApp);
    const team = await addTeam(organization, { name: 'Secret squad' });
    const other = await createOrganization(testApp);
    const theirs = await addTeam(other, { name: 'Theirs' });
    const mine = await joined(organization, 'Mia');
    for (const userIds of [[other.admin.user.id], [mine.user.id]]) {
      const answer = await other.admin.client.post(`/api/teams/${team.id}/members`, { userIds });
      expectRefusal(answer, 404, teamMessages.notFound);
      expect(answer.text).not.toContain('Secret squad');
    }
    // Nor can this organization's admin put its people in the other organization's team.
    expectRefusal(
      await organization.admin.client.post(`/api/teams/${theirs.id}/members`, { userIds: [mine.user.id] }),
      404,
      teamMessages.notFound,
    );
    expect(await teamMemberIds(testApp, team.id)).toEqual([]);
    expect(await teamMemberIds(testApp, theirs.id)).toEqual([]);
    expectRefusal(
      await other.admin.client.post(`/api/teams/${team.id}/members`, { userIds: [mine.user.id] }),
      404,
      teamMessages.notFound,
    );
  });

  it('refuses an addition of nobody or of more people than one request may carry with 400, and a huge body with 413', async () => {
    const organization = await createOrganization(testApp);
    const member = await joined(organization, 'Mia');
    const team = await addTeam(organization, { name: 'Design' });
    const url = `/api/teams/${team.id}/members`;
    expectRefusal(
      await organization.admin.client.post(url, { userIds: [] }),
      400,
      'Name at least one person to add (userIds)',
    );
    const tooLong = Array.from({ length: maxTeamMembersPerRequest + 1 }, () => randomUUID());
    expectRefusal(
      await organization.admin.client.post(url, { userIds: tooLong }),
      400,
      `A team can be given at most ${maxTeamMembersPerRequest} people at once (userIds)`,
    );
    const huge = { userIds: Array.from({ length: 3_000 }, () => 'x'.repeat(99)) };
    expectRefusal(await organization.admin.client.post(url, huge), 413, teamMembersTooLarge);
    expectRefusal(await member.client.post(url, huge), 403, 'Only administrators of this organization can do that.');
    expect(await teamMemberIds(testApp, team.id)).toEqual([]);
  });

  it('takes a person removed from the organization out of its teams', async () => {
    const organization = await createOrganization(testApp);
    const leaving = await joined(organization, 'Leo');
    const staying = await joined(organization, 'Sia');
    const design = await addTeam(organization, { name: 'Design' });
    const finance = await addTeam(organization, { name: 'Finance' });
    await setTeamMembers(organization, design.id, [leaving.user.id, staying.user.id]);
    await setTeamMembers(organization, finance.id, [leaving.user.id]);
    const removed = await organization.admin.client.request(
      'DELETE',
      `/api/organizations/${organization.id}/members/${leaving.user.id}`,
    );
    expect(removed.status, removed.text).toBe(200);
    expect(await teamMemberIds(testApp, design.id)).toEqual([staying.user.id]);
    expect(await teamMemberIds(testApp, finance.id)).toEqual([]);
    expect((await teamsOf(organization)).map((team) => [team.name, team.memberCount])).toEqual([
      ['Design', 1],
      ['Finance', 0],
    ]);
  });

  it('lets a team’s own days ahead, set through the API, open further dates to its people only', async () => {
    const organization = await createOrganization(testApp);
    await setBookingRules(organization, { maxDaysAhead: 7, adminsExempt: false });
    const inTeam = await joined(organization, 'Tia');
    const notInTeam = await joined(organization, 'Noa');
    const team = await addTeam(organization, { name: 'Planners', maxDaysAhead: 30 });
    await setTeamMembers(organization, team.id, [inTeam.user.id]);
    const far = organization.day(20);
    const refused = await book(notInTeam.client, organization, { deskId: organization.desks[0], bookingDate: far });
    expect(refused.status, refused.text).toBe(422);
    const booked = await book(inTeam.client, organization, { deskId: organization.desks[1], bookingDate: far });
    expect(booked.status, booked.text).toBe(201);
  });
});
