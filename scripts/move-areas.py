#!/usr/bin/env python3
"""Moves the domains into their areas (docs/architecture.md "Areas and domains") and rewrites every import path
that points at a moved file. Paths only: no other text changes. Run once from the repository root; kept in the
history with the commit that used it, so a reviewer can replay the move."""
import os
import re
import subprocess
import sys

S = 'apps/server/src/'
M = S + 'modules/'
W = 'apps/web/src/features/'
P = 'packages/shared/src/'

RULES = []  # (old, new): a folder ends in '/', a file is given with its extension


def area(base, area_name, domains):
    for d in domains:
        old, new = (d if isinstance(d, tuple) else (d, d))
        RULES.append((base + old + '/', base + area_name + '/' + new + '/'))


# server
area(M, 'access', ['auth', 'users', 'roles'])
area(M, 'people', ['affiliates', 'teams', 'employees', 'advertiser-members', 'notes'])
area(M, 'sell-side', ['advertisers', 'verticals', 'platforms', 'integration-templates', 'integrations'])
area(M, 'inventory', ['offers', 'landers', 'landers-api', 'creatives', 'caps', 'payment-rules', 'payment-models', 'campaigns'])
area(M, 'engine', ['leads', 'hold-queue', 'conversions', 'postback-delivery', 'postbacks', 'postback-logs', 'clicks', 'traffic-sources'])
RULES.append((M + 'traffic/', M + 'engine/'))
RULES.append((S + 'tracking/change-feed.ts', S + 'lib/cache/change-feed.ts'))
RULES.append((S + 'tracking/feed-cache.ts', S + 'lib/cache/feed-cache.ts'))
RULES.append((S + 'tracking/', M + 'engine/tracking/'))
area(M, 'money', ['currencies', 'payment-methods', 'withdrawal-methods', 'payment-settings'])
area(M, 'insights', ['metrics', 'exports'])
for f in ['settings.routes.ts', 'settings.service.ts', 'settings.store.ts', 'settings.test.ts']:
    RULES.append((M + 'settings/' + f, M + 'settings/general/' + f))
area(M, 'settings', ['geos', 'tags', 'categories', 'domains', 'notifications', 'images', 'reference', 'events'])

# web
area(W, 'access', ['auth', 'roles', 'profile'])
area(W, 'people', ['affiliates', 'teams', 'employees', 'notes'])
area(W, 'sell-side', ['advertisers', 'verticals', 'platforms', 'integrations'])
area(W, 'inventory', ['offers', 'campaigns', ('landings-api', 'landers-api')])
RULES.append((W + 'offer-tabs/', W + 'inventory/offers/tabs/'))
area(W, 'engine', ['leads', 'clicks', 'conversions', 'hold-queue', 'postbacks', 'postback-logs', 'global-postback'])
RULES.append((W + 'traffic/', W + 'engine/'))
area(W, 'money', ['currencies', 'payment-methods', 'payment-settings'])
area(W, 'insights', ['metrics'])
RULES.append((W + 'settings/', W + 'settings/general/'))
area(W, 'settings', ['geos', 'domains', 'notifications', 'lists'])

# shared
SHARED = {
    'access': ['schemas/auth', 'schemas/roles', 'schemas/users', 'permissions'],
    'people': ['schemas/people', 'schemas/notes'],
    'sell-side': ['schemas/sell-side'],
    'inventory': ['schemas/offers', 'schemas/campaigns', 'schemas/caps', 'schemas/landers', 'cap-period', 'pricing', ('schemas/sieve', 'sieves')],
    'engine': ['schemas/leads', 'schemas/clicks', 'schemas/conversions', 'schemas/hold-queue', 'schemas/postbacks', 'schemas/postback-logs',
               'schemas/traffic-sources', 'macros', 'sieve'],
    'money': ['schemas/payments', 'schemas/currencies', 'money'],
    'insights': ['schemas/metrics', 'schemas/exports', 'formula'],
    'settings': [('schemas/settings', 'general'), 'schemas/geos', 'schemas/domains', 'schemas/tags', 'schemas/categories', 'schemas/notifications', 'reference'],
    '': ['schemas/common'],
}
for a, names in SHARED.items():
    for n in names:
        old, new = (n if isinstance(n, tuple) else (n, n.split('/')[-1]))
        for ext in ['.ts', '.test.ts']:
            RULES.append((P + old + ext, P + (a + '/' if a else '') + new + ('.money' if new == 'money' and a == 'money' else '') + ext))
RULES.append((P + 'traffic/', P + 'engine/'))

# shared/money/money.ts would be odd: the decimal helpers become money/decimal.ts
RULES = [(o, n.replace('money/money.money', 'money/decimal')) for o, n in RULES]

EXTS = ('.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs')


def map_path(p):
    """the new path of an old path (a file, a file without extension, or a folder)"""
    for old, new in RULES:
        if old.endswith('/'):
            if p.startswith(old) or p + '/' == old:
                return new + p[len(old):] if p.startswith(old) else new[:-1]
        else:
            stem = re.sub(r'\.ts$', '', old)
            if p == old:
                return new
            if p == stem:
                return re.sub(r'\.ts$', '', new)
    return p


SPEC = re.compile(r"""((?:\bfrom|\bimport|\bmock|\bdoMock|\brequire|\bimportActual)\s*\(?\s*)(['"])([^'"\n]+)\2""")


def rewrite(old_file, new_file, text):
    def repl(m):
        spec = m.group(3)
        if spec.startswith('./') or spec.startswith('../'):
            target = os.path.normpath(os.path.join(os.path.dirname(old_file), spec))
            new_target = map_path(target)
            rel = os.path.relpath(new_target, os.path.dirname(new_file))
            if not rel.startswith('.'):
                rel = './' + rel
            if spec.endswith('/') and not rel.endswith('/'):
                rel += '/'
            return m.group(1) + m.group(2) + rel + m.group(2)
        if spec.startswith('@leadgrid/shared/'):
            target = P + spec[len('@leadgrid/shared/'):]
            new_target = map_path(target)
            return m.group(1) + m.group(2) + '@leadgrid/shared/' + new_target[len(P):] + m.group(2)
        return m.group(0)

    return SPEC.sub(repl, text)


def main():
    files = subprocess.check_output(['git', 'ls-files'], text=True).split('\n')
    files = [f for f in files if f and os.path.exists(f)]
    moves = {f: map_path(f) for f in files}
    moved = {o: n for o, n in moves.items() if o != n}
    targets = set(moves.values())
    assert len(targets) == len(moves), 'two files would land on one path'
    changed = 0
    for f in files:
        if not f.endswith(EXTS):
            continue
        with open(f) as h:
            text = h.read()
        out = rewrite(f, moves[f], text)
        if out != text:
            changed += 1
            with open(f, 'w') as h:
                h.write(out)
    for o, n in moved.items():
        os.makedirs(os.path.dirname(n), exist_ok=True)
        subprocess.check_call(['git', 'mv', o, n])
    # folders left empty
    for root, dirs, fs in sorted(os.walk('.', topdown=False)):
        if '.git' in root or 'node_modules' in root:
            continue
        if not os.listdir(root):
            os.rmdir(root)
    print(f'{len(moved)} files moved, {changed} files with rewritten imports')


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--print':
        for o, n in RULES:
            print(o, '->', n)
    else:
        main()
