import { type Choir, type ChoirMember, LIMITS, STANDARD_VOICE_PARTS } from "@choir/contract";
import { Card, Group, Select, TagsInput, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { showError, showSuccess } from "../../../lib/toast";
import { voicePartLabel } from "../../../lib/voice-parts";
import { useSetVoicePart, useUpdateChoir } from "../api";
import { StatusBadge } from "./status-badge";

/** The parts one may choose in a choir: the standard four, then the choir's own (and `current`, if neither). */
export function voicePartChoices(choir: Choir, current: string | null): string[] {
  const parts = [...STANDARD_VOICE_PARTS, ...(choir.voiceParts ?? [])];
  return current && !parts.includes(current) ? [...parts, current] : parts;
}

/** How many members sing each part, in the order of the choices, then those with none. */
export function voicePartCounts(choir: Choir): { part: string | null; count: number }[] {
  const counts = new Map<string | null, number>();
  for (const member of choir.members) counts.set(member.voicePart, (counts.get(member.voicePart) ?? 0) + 1);
  const parts = [...new Set([...voicePartChoices(choir, null), ...counts.keys()])].filter(
    (part): part is string => part !== null,
  );
  return [
    ...parts.flatMap((part) => (counts.has(part) ? [{ part, count: counts.get(part)! }] : [])),
    ...(counts.has(null) ? [{ part: null, count: counts.get(null)! }] : []),
  ];
}

/** The member list's line of counts: "Soprano 3 · Alto 2 · … · No part 1". */
export function VoicePartSummary({ choir }: { choir: Choir }) {
  const { t } = useTranslation();
  const counts = voicePartCounts(choir);
  return (
    <Group gap="xs" mt="xs" data-testid="voice-part-summary" aria-label={t("choir.voiceParts.summaryLabel")}>
      {counts.map(({ part, count }) => (
        <StatusBadge
          key={part ?? ""}
          tone={part ? "grape" : "gray"}
          data-testid={`voice-part-count-${part ?? ""}`}
        >
          {`${part ? voicePartLabel(t, part) : t("choir.voiceParts.none")} ${count}`}
        </StatusBadge>
      ))}
    </Group>
  );
}

/** The part a member sings: chosen by the member themselves, or by an administrator for anyone. */
export function VoicePartSelect({ choir, member }: { choir: Choir; member: ChoirMember }) {
  const { t } = useTranslation();
  const set = useSetVoicePart(choir.id);
  const name = member.name || member.email;
  const change = async (value: string | null) => {
    try {
      await set.mutateAsync({ memberId: member.id, voicePart: value || null });
      showSuccess(t("choir.voiceParts.saved", { name }));
    } catch {
      showError(t("choir.voiceParts.failed"));
    }
  };
  return (
    <Select
      size="sm"
      w={170}
      aria-label={t("choir.voiceParts.selectLabel", { name })}
      placeholder={t("choir.voiceParts.choose")}
      data={voicePartChoices(choir, member.voicePart).map((part) => ({
        value: part,
        label: voicePartLabel(t, part),
      }))}
      value={member.voicePart}
      onChange={(value) => void change(value)}
      clearable
      clearButtonProps={{ "aria-label": t("choir.voiceParts.clear") }}
      disabled={set.isPending}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid={`member-part-select-${member.email}`}
    />
  );
}

/** The administrators' list of the choir's own parts beside the standard four (e.g. S1, S2, Baritone). */
export function ChoirVoicePartsSetting({ choir }: { choir: Choir }) {
  const { t } = useTranslation();
  const update = useUpdateChoir(choir.id);
  const change = async (voiceParts: string[]) => {
    try {
      await update.mutateAsync({ name: choir.name, voiceParts });
      showSuccess(t("choir.voiceParts.partsSaved"));
    } catch {
      showError(t("choir.voiceParts.partsFailed"));
    }
  };
  return (
    <Card component="section" aria-labelledby="voice-parts-title">
      <Title order={2} size="h3" id="voice-parts-title">
        {t("choir.voiceParts.title")}
      </Title>
      <Text size="sm" c="dimmed" mt="xs">
        {t("choir.voiceParts.description", {
          standard: STANDARD_VOICE_PARTS.map((part) => voicePartLabel(t, part)).join(", "),
        })}
      </Text>
      <TagsInput
        mt="md"
        label={t("choir.voiceParts.ownLabel")}
        placeholder={t("choir.voiceParts.ownPlaceholder")}
        value={choir.voiceParts ?? []}
        onChange={(parts) => void change(parts)}
        maxTags={LIMITS.choirVoicePartsMax}
        maxLength={LIMITS.voicePartMax}
        disabled={update.isPending}
        clearable
        data-testid="choir-voice-parts"
      />
    </Card>
  );
}
