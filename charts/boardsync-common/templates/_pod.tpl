{{/*
What every boardsync pod shares, server or migration Job: a non-root user, a read-only root,
no privilege escalation, no capabilities, the runtime's seccomp profile, no service-account
token (no service talks to the Kubernetes API), and /tmp as the one writable place.
*/}}

{{- define "boardsync.podSecurityContext" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
runAsNonRoot: true
runAsUser: {{ $g.podSecurity.uid }}
runAsGroup: {{ $g.podSecurity.uid }}
fsGroup: {{ $g.podSecurity.uid }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "boardsync.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
runAsNonRoot: true
capabilities:
  drop: [ALL]
{{- end -}}

{{- define "boardsync.podCommon" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
automountServiceAccountToken: false
securityContext:
  {{- include "boardsync.podSecurityContext" . | nindent 2 }}
{{- with $g.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
volumes:
  - name: tmp
    emptyDir:
      sizeLimit: {{ .Values.tmpSizeLimit }}
{{- end -}}
