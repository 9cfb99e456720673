import { useCallback, useEffect, useState } from 'react';
import { $member, AVATAR_BYTES_MAX, avatarChoose, avatarUpload, memberMaterial, setMember, userDefaultProfile, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { failureText } from './phone-form.js';

type DefaultAvatar = CallResponse<typeof userDefaultProfile>['avatars'][number];

/** Types the avatar input offers; the server judges the bytes again. */
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp';

/** The percentage of an upload done, 0 to 100. */
export function percentOf(loaded: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
}

/** What the page says before sending a file: too large or not an accepted type; '' when it may go. */
export function avatarFileProblem(file: { size: number; type: string }): '' | 'avatarTooLarge' | 'avatarType' {
  if (file.size > AVATAR_BYTES_MAX) return 'avatarTooLarge';
  if (file.type !== '' && !AVATAR_ACCEPT.split(',').includes(file.type)) return 'avatarType';
  return '';
}

/** Makes `avatar` the member's in the member store, so the header shows it without a reload. */
function showInHeader(avatar: string): void {
  const member = $member.get();
  if (member) setMember({ ...member, avatar });
}

/**
 * The member's avatar (from the material call), the default choices, and an upload with
 * its progress (0 to 100 while it runs, null otherwise). A new avatar reaches the header too.
 */
export function useAvatar() {
  const { client } = useLobby();
  const [avatar, setAvatar] = useState('');
  const [defaults, setDefaults] = useState<DefaultAvatar[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let current = true;
    client.call(memberMaterial, {}).then(
      (material) => current && setAvatar(material.avatar),
      () => undefined,
    );
    client.call(userDefaultProfile, {}).then(
      (profile) => current && setDefaults(profile.avatars),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client]);

  const upload = useCallback(
    async (file: File, localProblem: (key: 'avatarTooLarge' | 'avatarType') => string) => {
      const early = avatarFileProblem(file);
      if (early) return setProblem(localProblem(early));
      setProblem('');
      setProgress(0);
      try {
        const answer = await client.call(avatarUpload, { file }, { onUploadProgress: (loaded, total) => setProgress(percentOf(loaded, total)) });
        setProgress(100);
        setAvatar(answer.avatar);
        showInHeader(answer.avatar);
      } catch (failure) {
        setProblem(failureText(failure));
      } finally {
        setProgress(null);
      }
    },
    [client],
  );

  const choose = useCallback(
    async (avatarId: number) => {
      setProblem('');
      try {
        const { avatar: chosen } = await client.call(avatarChoose, { avatarId });
        setAvatar(chosen);
        showInHeader(chosen);
      } catch (failure) {
        setProblem(failureText(failure));
      }
    },
    [client],
  );

  return { avatar, defaults, progress, problem, upload, choose };
}
