/**
 * A choir's attendance report over a period (decision 0120): the services whose attendance was taken, each current
 * member's record and the same by voice part, as JSON or a CSV file. A playlist nobody marked is no service of the
 * report (it would make everyone absent); a service counts for a member from the day they joined.
 */
import { type AttendanceReport, AVAILABILITY_LIMITS } from "@choir/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { Language } from "../../http/language.js";
import { translateKey } from "../../shared/built-in-names.js";
import { csvBytes, textCell } from "../../shared/csv.js";
import { personName } from "../../shared/person-name.js";
import { partName, partOrder } from "./parts.js";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function attendanceReport(
  db: Db,
  choirId: string,
  from: string,
  to: string,
): Promise<AttendanceReport> {
  const services = rowsOf<{
    playlistId: string;
    date: string;
    time: string | null;
    title: string | null;
    present: number;
  }>(
    await db.execute(sql`
      select p.id as "playlistId", p.date::text as date, p.time, coalesce(p.title, t.title) as title,
        count(a.user_id)::int as present
      from playlists p
      join playlist_attendance a on a.playlist_id = p.id
      left join playlist_templates t on t.id = p.template_id
      where p.choir_id = ${choirId}::uuid and p.date between ${from}::date and ${to}::date
      group by p.id, t.title
      order by p.date, p.time nulls first, p.id
      limit ${AVAILABILITY_LIMITS.reportServicesMax}`),
  );
  const members = rowsOf<{
    memberId: string;
    firstName: string;
    lastName: string;
    email: string;
    voicePart: string | null;
    joined: string;
  }>(
    await db.execute(sql`
      select m.user_id as "memberId", u.first_name as "firstName", u.last_name as "lastName", u.email,
        m.voice_part as "voicePart", (m.joined_at at time zone 'UTC')::date::text as joined
      from choir_members m join users u on u.id = m.user_id
      where m.choir_id = ${choirId}::uuid
      order by lower(u.first_name), lower(u.last_name), m.user_id`),
  );
  const ids = services.map((service) => service.playlistId);
  const marks =
    ids.length === 0
      ? []
      : rowsOf<{ playlistId: string; userId: string }>(
          await db.execute(sql`
            select playlist_id as "playlistId", user_id as "userId" from playlist_attendance
            where playlist_id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`),
        );
  const cameTo = new Map<string, Set<string>>();
  for (const mark of marks) {
    const set = cameTo.get(mark.userId) ?? new Set<string>();
    set.add(mark.playlistId);
    cameTo.set(mark.userId, set);
  }
  const rate = (attended: number, of: number) => (of === 0 ? null : attended / of);
  const people = members.map((member) => {
    const came = cameTo.get(member.memberId) ?? new Set<string>();
    // A service before they joined is not held against them, unless they came to it all the same.
    const theirs = services.filter(
      (service) => service.date >= member.joined || came.has(service.playlistId),
    );
    const present = theirs.filter((service) => came.has(service.playlistId)).map((s) => s.playlistId);
    const missed = theirs.filter((service) => !came.has(service.playlistId)).map((s) => s.playlistId);
    return {
      memberId: member.memberId,
      name: personName(member),
      voicePart: member.voicePart,
      attended: present.length,
      services: theirs.length,
      rate: rate(present.length, theirs.length),
      present,
      missed,
    };
  });
  const parts = new Map<
    string | null,
    { part: string | null; members: number; attended: number; services: number }
  >();
  for (const person of people) {
    const key = person.voicePart?.toLocaleLowerCase() ?? null;
    const part = parts.get(key) ?? { part: partName(person.voicePart), members: 0, attended: 0, services: 0 };
    part.members += 1;
    part.attended += person.attended;
    part.services += person.services;
    parts.set(key, part);
  }
  return {
    from,
    to,
    services,
    people,
    parts: [...parts.values()]
      .sort((a, b) => partOrder(a.part, b.part))
      .map((part) => ({ ...part, rate: rate(part.attended, part.services) })),
  };
}

const WORDS = {
  en: {
    name: "Name",
    part: "Voice part",
    attended: "Attended",
    services: "Services",
    rate: "Rate (%)",
    untitled: "Service",
  },
  es: {
    name: "Nombre",
    part: "Cuerda",
    attended: "Asistencias",
    services: "Servicios",
    rate: "Asistencia (%)",
    untitled: "Servicio",
  },
} as const;

/**
 * The report as a CSV file: one row a member — name, voice part, one column a service (1 came, 0 did not, empty
 * before they joined), how many they came to, of how many, and the rate in percent.
 */
export function attendanceCsv(report: AttendanceReport, language: Language): Buffer {
  const words = WORDS[language];
  const heading = [
    words.name,
    words.part,
    ...report.services.map((service) => {
      const title = service.title ? translateKey(service.title, language) : words.untitled;
      return textCell(`${service.date}${service.time ? ` ${service.time}` : ""} ${title}`);
    }),
    words.attended,
    words.services,
    words.rate,
  ];
  const rows = report.people.map((person) => {
    const came = new Set(person.present);
    const missed = new Set(person.missed);
    return [
      textCell(person.name),
      textCell(person.voicePart),
      // Before they joined: neither came nor missed.
      ...report.services.map((s) => (came.has(s.playlistId) ? "1" : missed.has(s.playlistId) ? "0" : "")),
      String(person.attended),
      String(person.services),
      person.rate === null ? "" : String(Math.round(person.rate * 100)),
    ];
  });
  return csvBytes([heading, ...rows]);
}
