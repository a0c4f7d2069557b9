package main

import (
	"regexp"
	"strings"

	corev1 "k8s.io/api/core/v1"
)

// A value the manifests do not hold (a Secret's key, a field of the pod) is represented by a
// token naming its source, so that checks can compare where values come from. The tokens
// survive URL parsing: `~` is unreserved and no Kubernetes name or key contains it.
func secretToken(name, key string) string { return "secret~" + name + "~" + key }

func fieldToken(path string) string { return "field~" + path }

// secretTokenRE matches one whole secret token.
var secretTokenRE = regexp.MustCompile(`^secret~([^~]+)~([^~]+)$`)

// fromSecret says whether a resolved value is exactly one Secret's key, and which.
func fromSecret(value string) (string, bool) {
	m := secretTokenRE.FindStringSubmatch(value)
	if m == nil {
		return "", false
	}
	return "Secret " + m[1] + " key " + m[2], true
}

// expandVars replaces $(NAME) as the kubelet does in env values, command and args: with the
// value of a variable defined before, `$$` is a literal `$`, and an undefined reference stays
// as written (returned in undefined).
func expandVars(in string, env map[string]string) (out string, undefined []string) {
	var b strings.Builder
	for i := 0; i < len(in); i++ {
		if in[i] != '$' || i+1 == len(in) {
			b.WriteByte(in[i])
			continue
		}
		switch in[i+1] {
		case '$':
			b.WriteByte('$')
			i++
		case '(':
			end := strings.IndexByte(in[i+2:], ')')
			if end < 0 {
				b.WriteString(in[i:])
				return b.String(), undefined
			}
			name := in[i+2 : i+2+end]
			if v, ok := env[name]; ok {
				b.WriteString(v)
			} else {
				b.WriteString(in[i : i+3+end])
				undefined = append(undefined, name)
			}
			i += 2 + end
		default:
			b.WriteByte('$')
		}
	}
	return b.String(), undefined
}

// envVarName: what a reference in command or args must look like to be meant for the kubelet
// rather than for a shell ($(hostname) in a script is command substitution).
var envVarName = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*$`)

// containerEnv is a container's environment as the pod sees it: envFrom ConfigMaps, then env
// in order, each value expanded from the variables before it.
func (s *objectSet) containerEnv(c corev1.Container) map[string]string {
	env, _ := s.resolveEnv(c)
	return env
}

// resolveEnv also returns, per variable, the references its value makes to variables not
// defined before it: the pod would see them as literal text.
func (s *objectSet) resolveEnv(c corev1.Container) (map[string]string, map[string][]string) {
	env := map[string]string{}
	undefined := map[string][]string{}
	for _, from := range c.EnvFrom {
		if from.ConfigMapRef != nil {
			if cm := s.configMaps[from.ConfigMapRef.Name]; cm != nil {
				for k, v := range cm.Data {
					env[from.Prefix+k] = v
				}
			}
		}
	}
	for _, e := range c.Env {
		switch {
		case e.ValueFrom == nil:
			v, missing := expandVars(e.Value, env)
			env[e.Name] = v
			if len(missing) > 0 {
				undefined[e.Name] = missing
			}
		case e.ValueFrom.SecretKeyRef != nil:
			env[e.Name] = secretToken(e.ValueFrom.SecretKeyRef.Name, e.ValueFrom.SecretKeyRef.Key)
		case e.ValueFrom.FieldRef != nil:
			env[e.Name] = fieldToken(e.ValueFrom.FieldRef.FieldPath)
		case e.ValueFrom.ConfigMapKeyRef != nil:
			if cm := s.configMaps[e.ValueFrom.ConfigMapKeyRef.Name]; cm != nil {
				env[e.Name] = cm.Data[e.ValueFrom.ConfigMapKeyRef.Key]
			}
		default:
			env[e.Name] = fieldToken(e.Name)
		}
	}
	return env, undefined
}

// argv is the container's command line as the kubelet runs it (command, then args, expanded).
// An image's own entrypoint is not known here: with no command, argv is the args.
func argv(c corev1.Container, env map[string]string) ([]string, []string) {
	var out, undefined []string
	for _, a := range append(append([]string{}, c.Command...), c.Args...) {
		v, missing := expandVars(a, env)
		out = append(out, v)
		for _, m := range missing {
			if envVarName.MatchString(m) {
				undefined = append(undefined, m)
			}
		}
	}
	return out, undefined
}

// checkEnvRefs: every $(NAME) in env, command and args names a variable defined before it, and
// no Secret reference is optional (a missing Secret would start the container without it).
func (s *objectSet) checkEnvRefs(where string, c corev1.Container) {
	env, undefined := s.resolveEnv(c)
	for name, missing := range undefined {
		s.fail("%s: env %s refers to $(%s), which is not defined before it: the pod would see the text itself", where, name, strings.Join(missing, "), $("))
	}
	if _, missing := argv(c, env); len(missing) > 0 {
		s.fail("%s: command or args refer to $(%s), which the container does not define", where, strings.Join(missing, "), $("))
	}
	for _, e := range c.Env {
		if ref := e.ValueFrom; ref != nil && ref.SecretKeyRef != nil && ref.SecretKeyRef.Optional != nil && *ref.SecretKeyRef.Optional {
			s.fail("%s: env %s: optional Secret reference: the container would start without it", where, e.Name)
		}
	}
}

// checkExecProbe returns an exec probe's command line, which the kubelet does not expand.
func (s *objectSet) checkExecProbe(where, name string, p *corev1.Probe) string {
	if p == nil || p.Exec == nil {
		return ""
	}
	command := strings.Join(p.Exec.Command, " ")
	if strings.Contains(command, "$(") {
		s.fail("%s: %s: exec probes expand no $(NAME); use the container's environment", where, name)
	}
	return command
}

// describe names a resolved value for a message without printing what it stands for.
func describe(value string) string {
	if src, ok := fromSecret(value); ok {
		return src
	}
	if value == "" {
		return "nothing"
	}
	return "a value written in the manifests"
}
